/* SPDX-License-Identifier: Apache-2.0 */
/*
 * protocol_frames.c - check_protocol.sh's check of the payload layouts of
 * rti-protocol(7) against real frames.
 *
 * It starts a real rtiexec and puts a recording proxy between it and
 * real librti federates, which then go through a session that exercises
 * most services: create and join, declarations, instances, updates and
 * interactions, time management, synchronization points, ownership, a
 * save with held messages, a restore, their queries, resign and destroy.
 * Every frame that crosses the proxy is decoded by the layout of its type
 * as the page's table writes it: fields separated by commas up to the
 * first ';' or ': ' outside parentheses, each a u8/u16/u32/u64/f64, a
 * str or a blob (words after the type and a parenthesised note are
 * prose), "count n" and "n \(mu FIELD" or "n \(mu (FIELDS)" for
 * repetitions, "u32 0" for a literal zero; a request's payload after its
 * serial.  When the page's layout is all fields, the frame must decode
 * exactly (no byte missing, none left over); when it continues with a
 * name defined in prose (HDR, LAYER, ASET, RANGES, KIND, "then ..."),
 * the fields before it must decode.  Prints one line per failure and a
 * summary; exits 1 on a failure or when a save or restore message was not
 * seen, 0 otherwise.
 *
 * Usage: protocol_frames PAGE
 */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "testutil.h"

#define MAX_TYPES 2048

/* ---- the page ---- */

struct row {
	int known;
	char name[64];
	char kind[32];
	char layout[4096];
	unsigned seen, bad;
	char why[160];
};

static struct row rows[MAX_TYPES];

static int
read_page(const char *path)
{
	FILE *fp = fopen(path, "r");
	char line[4096], text[4000];
	int in_table = 0, n = 0;

	if (!fp) {
		fprintf(stderr, "protocol_frames: %s: %s\n", path,
		    strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, fp)) {
		unsigned code;
		char name[64], kind[32];

		if (strncmp(line, ".TS", 3) == 0)
			in_table = 1;
		else if (strncmp(line, ".TE", 3) == 0)
			in_table = 0;
		if (!in_table || sscanf(line, "0x%x\t%63[^\t]\t%31[^\t]", &code,
		    name, kind) != 3 || code >= MAX_TYPES)
			continue;
		if (!fgets(text, sizeof text, fp))
			break;
		text[strcspn(text, "\n")] = '\0';
		rows[code].known = 1;
		snprintf(rows[code].name, sizeof rows[code].name, "%s", name);
		snprintf(rows[code].kind, sizeof rows[code].kind, "%s", kind);
		snprintf(rows[code].layout, sizeof rows[code].layout, "%s",
		    text);
		n++;
	}
	fclose(fp);
	return n > 0 ? 0 : -1;
}

/* ---- decoding by the layout ---- */

struct rd {
	const uint8_t *p, *end;
	int err;
};

static uint64_t
get(struct rd *r, size_t n)
{
	uint64_t v = 0;

	if ((size_t)(r->end - r->p) < n) {
		r->err = 1;
		r->p = r->end;
		return 0;
	}
	while (n--)
		v = v << 8 | *r->p++;
	return v;
}

/* Counts named by "count X" (a letter each), while decoding. */
struct vars {
	char name[8];
	uint64_t val[8];
	int n;
};

static int
var_get(const struct vars *v, char c, uint64_t *out)
{
	int i;

	for (i = v->n - 1; i >= 0; i--)
		if (v->name[i] == c) {
			*out = v->val[i];
			return 1;
		}
	return 0;
}

/* Split s at its top-level commas (outside parentheses; the "(" of troff's
 * "\(mu" is none) into fields[]; returns their number. */
static int
split(char *s, char **fields, int max)
{
	int depth = 0, n = 0;
	char *p, *start = s;

	for (p = s;; p++) {
		if (*p == '(' && (p == s || p[-1] != '\\'))
			depth++;
		else if (*p == ')')
			depth--;
		if ((*p == ',' && depth == 0) || *p == '\0') {
			int end = *p == '\0';

			*p = '\0';
			while (*start == ' ')
				start++;
			if (n < max)
				fields[n++] = start;
			if (end)
				break;
			start = p + 1;
		}
	}
	return n;
}

enum { DEC_OK, DEC_PARTIAL, DEC_BAD };

static int decode_list(struct rd *r, const char *layout, struct vars *v,
    char *why, size_t wl);

/* One field; DEC_PARTIAL when it is prose (the rest is not checked). */
static int
decode_field(struct rd *r, char *f, struct vars *v, char *why, size_t wl)
{
	uint64_t n, k;
	char c, *x;

	if (strcmp(f, "(none)") == 0 || !*f)
		return DEC_OK;
	if (strncmp(f, "count ", 6) == 0) {
		n = get(r, 4);
		if (v->n < 8) {
			v->name[v->n] = f[6];
			v->val[v->n++] = n;
		}
		return r->err ? DEC_BAD : DEC_OK;
	}
	/* "n \(mu ..." */
	if (f[0] && strncmp(f + 1, " \\(mu ", 6) == 0 && var_get(v, f[0], &n)) {
		x = f + 7;
		if (n > (uint64_t)(r->end - r->p)) {
			snprintf(why, wl, "count %llu past the payload",
			    (unsigned long long)n);
			return DEC_BAD;
		}
		for (k = 0; k < n; k++) {
			int rc;

			if (*x == '(') {
				char inner[4096];
				size_t l = strlen(x);

				if (l < 2 || x[l - 1] != ')')
					return DEC_PARTIAL;
				snprintf(inner, sizeof inner, "%.*s",
				    (int)(l - 2), x + 1);
				rc = decode_list(r, inner, v, why, wl);
			} else {
				char one[256];

				snprintf(one, sizeof one, "%s", x);
				rc = decode_field(r, one, v, why, wl);
			}
			if (rc != DEC_OK)
				return rc;
		}
		return DEC_OK;
	}
	if (sscanf(f, "u%c", &c) == 1 && strncmp(f, "u8", 2) == 0 &&
	    (f[2] == ' ' || !f[2])) {
		get(r, 1);
	} else if (strncmp(f, "u16", 3) == 0 && (f[3] == ' ' || !f[3])) {
		get(r, 2);
	} else if (strncmp(f, "u32", 3) == 0 && (f[3] == ' ' || !f[3])) {
		n = get(r, 4);
		if (strcmp(f, "u32 0") == 0 && n != 0 && !r->err) {
			snprintf(why, wl, "\"u32 0\" is %llu",
			    (unsigned long long)n);
			return DEC_BAD;
		}
	} else if ((strncmp(f, "u64", 3) == 0 || strncmp(f, "f64", 3) == 0) &&
	    (f[3] == ' ' || !f[3])) {
		get(r, 8);
	} else if ((strncmp(f, "str", 3) == 0 || strncmp(f, "blob", 4) == 0) &&
	    (f[3] == ' ' || !f[3] || (f[3] == 'b' && (f[4] == ' ' ||
	    !f[4])))) {
		n = get(r, 4);
		if (n > (uint64_t)(r->end - r->p)) {
			snprintf(why, wl, "%s of %llu bytes past the payload",
			    f[0] == 's' ? "str" : "blob",
			    (unsigned long long)n);
			return DEC_BAD;
		}
		if (f[0] == 's' && (n == 0 || r->p[n - 1] != '\0')) {
			snprintf(why, wl, "str without its NUL");
			return DEC_BAD;
		}
		r->p += n;
	} else {
		return DEC_PARTIAL;       /* prose: HDR, LAYER, "then ..." */
	}
	if (r->err) {
		snprintf(why, wl, "payload ends inside \"%.60s\"", f);
		return DEC_BAD;
	}
	return DEC_OK;
}

static int
decode_list(struct rd *r, const char *layout, struct vars *v, char *why,
    size_t wl)
{
	char buf[4096], *fields[64];
	int n, i, rc;

	snprintf(buf, sizeof buf, "%s", layout);
	n = split(buf, fields, 64);
	for (i = 0; i < n; i++)
		if ((rc = decode_field(r, fields[i], v, why, wl)) != DEC_OK)
			return rc;
	return DEC_OK;
}

/* 1 when `w` begins a layout (a type, a count, a name the page defines
 * in prose), not prose. */
static int
layout_word(const char *w)
{
	static const char *const words[] = { "u8 ", "u16 ", "u32 ", "u64 ",
		"f64 ", "str ", "blob ", "count ", "(none)", "HDR", "LAYER",
		"ASET", "RANGES", "KIND" };
	size_t i;

	while (*w == ' ')
		w++;
	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strncmp(w, words[i], strlen(words[i])) == 0)
			return 1;
	return 0;
}

/* The layout of a row: its ';'-separated parts (outside parentheses),
 * each up to its first ": ", the first always and each later one while
 * it begins with a layout word; joined by commas. */
static void
layout_of(const char *text, char *out, size_t len)
{
	int depth = 0, seg = 0, skip = 0;
	size_t i, o = 0;

	for (i = 0; text[i] && o + 3 < len; i++) {
		if (text[i] == '(' && (i == 0 || text[i - 1] != '\\'))
			depth++;
		else if (text[i] == ')')
			depth--;
		if (depth == 0 && text[i] == ';') {
			if (!layout_word(text + i + 1))
				break;
			seg++;
			skip = 0;
			out[o++] = ',';
			continue;
		}
		if (depth == 0 && text[i] == ':' && text[i + 1] == ' ')
			skip = 1;
		if (!skip)
			out[o++] = text[i];
	}
	(void)seg;
	out[o] = '\0';
}

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void
check_frame(uint16_t type, const uint8_t *p, size_t n)
{
	struct row *w = type < MAX_TYPES ? &rows[type] : NULL;
	char layout[4096], why[160] = "";
	struct vars v = { .n = 0 };
	struct rd r = { p, p + n, 0 };
	int rc;

	pthread_mutex_lock(&mu);
	if (!w || !w->known) {
		printf("FAIL: frame type 0x%04x is not in the page\n", type);
		if (w) {
			w->bad++;
			w->known = 1;
			snprintf(w->name, sizeof w->name, "?");
		}
		pthread_mutex_unlock(&mu);
		return;
	}
	w->seen++;
	layout_of(w->layout, layout, sizeof layout);
	if (strcmp(w->kind, "request") == 0)
		(void)get(&r, 4);          /* the serial */
	rc = decode_list(&r, layout, &v, why, sizeof why);
	if (rc == DEC_OK && r.p != r.end) {
		snprintf(why, sizeof why, "%zu bytes after the documented "
		    "layout", (size_t)(r.end - r.p));
		rc = DEC_BAD;
	}
	if (rc == DEC_BAD && !w->bad++)
		snprintf(w->why, sizeof w->why, "%s (payload %zu bytes)", why,
		    n);
	pthread_mutex_unlock(&mu);
}

/* ---- the proxy ---- */

struct pump {
	int from, to;
};

static void *
pump_main(void *arg)
{
	struct pump *pu = arg;
	uint8_t *buf = NULL;
	size_t have = 0, cap = 0;
	ssize_t k;

	for (;;) {
		if (cap - have < 65536) {
			uint8_t *nb = realloc(buf, cap * 2 + 65536);

			if (!nb)
				break;
			buf = nb;
			cap = cap * 2 + 65536;
		}
		k = recv(pu->from, buf + have, cap - have, 0);
		if (k <= 0)
			break;
		if (send(pu->to, buf + have, (size_t)k, MSG_NOSIGNAL) != k)
			break;
		have += (size_t)k;
		for (;;) {
			uint32_t len;

			if (have < 8)
				break;
			len = (uint32_t)buf[0] << 24 | buf[1] << 16 |
			    buf[2] << 8 | buf[3];
			if (have - 8 < len)
				break;
			check_frame((uint16_t)(buf[4] << 8 | buf[5]), buf + 8,
			    len);
			memmove(buf, buf + 8 + len, have - 8 - len);
			have -= 8 + len;
		}
	}
	shutdown(pu->to, SHUT_WR);
	free(buf);
	free(pu);
	return NULL;
}

static int upstream_port, listen_fd;

static void *
accept_main(void *arg)
{
	(void)arg;
	for (;;) {
		struct sockaddr_in sa;
		struct pump *a, *b;
		pthread_t t;
		int c = accept(listen_fd, NULL, NULL), s;

		if (c < 0)
			break;
		s = socket(AF_INET, SOCK_STREAM, 0);
		memset(&sa, 0, sizeof sa);
		sa.sin_family = AF_INET;
		sa.sin_port = htons((uint16_t)upstream_port);
		sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof sa) < 0) {
			close(c);
			if (s >= 0)
				close(s);
			continue;
		}
		a = malloc(sizeof *a);
		b = malloc(sizeof *b);
		a->from = c, a->to = s;
		b->from = s, b->to = c;
		pthread_create(&t, NULL, pump_main, a);
		pthread_detach(t);
		pthread_create(&t, NULL, pump_main, b);
		pthread_detach(t);
	}
	return NULL;
}

static int
proxy_start(void)
{
	struct sockaddr_in sa;
	socklen_t sl = sizeof sa;
	pthread_t t;

	listen_fd = socket(AF_INET, SOCK_STREAM, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (listen_fd < 0 || bind(listen_fd, (struct sockaddr *)&sa,
	    sizeof sa) < 0 || listen(listen_fd, 64) < 0 ||
	    getsockname(listen_fd, (struct sockaddr *)&sa, &sl) < 0)
		return -1;
	pthread_create(&t, NULL, accept_main, NULL);
	pthread_detach(t);
	return ntohs(sa.sin_port);
}

/* ---- the session ---- */

#define GRID TEST_FOM("Grid.xml")

static void
on_isave(void *arg, const char *label, int has_time, rti_time t)
{
	(void)has_time;
	(void)t;
	tfed_event(arg, "isave:%s", label);
}

static void
on_event(void *arg, const char *what)
{
	tfed_event(arg, "%s", what);
}

static void on_saved(void *a) { on_event(a, "saved"); }
static void on_restored(void *a) { on_event(a, "restored"); }
static void on_begun(void *a) { on_event(a, "rbegun"); }

static void
on_rok(void *arg, const char *label)
{
	tfed_event(arg, "rok:%s", label);
}

static void
on_irestore(void *arg, const char *label, const char *name,
    rti_federate_handle h)
{
	(void)name;
	(void)h;
	tfed_event(arg, "irestore:%s", label);
}

static void
on_reg(void *arg, rti_time t)
{
	(void)t;
	tfed_event(arg, "reg");
}

static void
on_con(void *arg, rti_time t)
{
	(void)t;
	tfed_event(arg, "con");
}

static void
on_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g", t.f64);
}

static void
session(struct rtiexec *via)
{
	struct rti_callbacks cb;
	struct tfed *a, *b, *ts[2];
	rti_interaction_class_handle ev;
	rti_object_instance_handle obj;
	struct rti_attribute_value val;
	int i;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.initiate_federate_save = on_isave;
	cb.federation_saved = on_saved;
	cb.federation_restored = on_restored;
	cb.federation_restore_begun = on_begun;
	cb.request_federation_restore_succeeded = on_rok;
	cb.initiate_federate_restore = on_irestore;
	cb.time_regulation_enabled = on_reg;
	cb.time_constrained_enabled = on_con;
	cb.time_advance_grant = on_grant;
	a = tfed_join_f(via, &cb, GRID, "alpha");
	b = tfed_join_f(via, &cb, GRID, "beta");
	ts[0] = a;
	ts[1] = b;
	tfed_publish_breaker(a);
	tfed_subscribe(b, "Breaker", "Name,Status");
	obj = tfed_register_named(a, "Breaker", "B1");
	(void)tfed_wait(b, "discover:B1");
	val.attribute = tfed_attr(a, "Breaker", "Status");
	val.value = "open";
	val.length = 4;
	(void)rti_update_attribute_values(a->amb, obj, &val, 1, "t", 1);
	(void)rti_flush_updates(a->amb);
	(void)rti_request_attribute_value_update(b->amb, obj, &val.attribute,
	    1, NULL, 0);
	(void)rti_query_attribute_ownership(b->amb, obj, val.attribute);
	(void)rti_unconditional_attribute_ownership_divestiture(a->amb, obj,
	    &val.attribute, 1);
	(void)rti_register_federation_synchronization_point(a->amb, "p", "x",
	    1, NULL, 0);
	(void)tfed_wait_all(ts, 2, b, "announce:p");
	(void)rti_synchronization_point_achieved(a->amb, "p", 1);
	(void)rti_synchronization_point_achieved(b->amb, "p", 1);
	tfed_barrier(a);
	tfed_barrier(b);
	/* time, and a timestamp-order message held at a save */
	(void)rti_get_interaction_class_handle(a->amb, "GridEvent", &ev);
	(void)rti_publish_interaction_class(a->amb, ev);
	(void)rti_subscribe_interaction_class(b->amb, ev);
	(void)rti_enable_time_regulation(a->amb, rti_time_f64(1));
	(void)tfed_wait_all(ts, 2, a, "reg");
	(void)rti_enable_time_constrained(b->amb);
	(void)tfed_wait_all(ts, 2, b, "con");
	(void)rti_send_interaction_at(a->amb, ev, NULL, 0, "m", 1,
	    rti_time_f64(10), NULL);
	(void)rti_send_interaction(a->amb, ev, NULL, 0, "r", 1);
	(void)rti_flush_updates(a->amb);
	(void)rti_time_advance_request(a->amb, rti_time_f64(2));
	(void)tfed_wait_all(ts, 2, a, "grant:2");
	tfed_barrier(b);
	/* a save */
	(void)rti_request_federation_save(a->amb, "s");
	for (i = 0; i < 2; i++) {
		(void)tfed_wait_all(ts, 2, ts[i], "isave:s");
		(void)rti_federate_save_begun(ts[i]->amb);
		(void)rti_query_federation_save_status(ts[i]->amb);
		(void)rti_federate_save_complete(ts[i]->amb);
	}
	for (i = 0; i < 2; i++)
		(void)tfed_wait_all(ts, 2, ts[i], "saved");
	/* a restore */
	(void)rti_request_federation_restore(a->amb, "s");
	(void)tfed_wait_all(ts, 2, a, "rok:s");
	for (i = 0; i < 2; i++) {
		(void)tfed_wait_all(ts, 2, ts[i], "irestore:s");
		(void)rti_query_federation_restore_status(ts[i]->amb);
		(void)rti_federate_restore_complete(ts[i]->amb);
	}
	for (i = 0; i < 2; i++)
		(void)tfed_wait_all(ts, 2, ts[i], "restored");
	tfed_barrier(a);
	tfed_barrier(b);
	(void)rti_resign_federation_execution(b->amb,
	    RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST);
	(void)rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST);
	(void)rti_destroy_federation_execution(a->amb, "F");
	tfed_free(b);
	tfed_free(a);
}

static struct rtiexec *session_via;

START_TEST(test_session)
{
	session(session_via);
}
END_TEST

/* The session in a Check runner (no fork): a step that fails says
 * where. */
static int
run_session(struct rtiexec *via)
{
	Suite *s = suite_create("protocol_frames");
	TCase *tc = tcase_create("session");
	SRunner *sr;
	int failed;

	session_via = via;
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_session);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed;
}

int
main(int argc, char **argv)
{
	static const char *const save_set[] = { "SAVE_REQUEST", "SAVE_BEGUN",
		"SAVE_COMPLETE", "SAVE_SEEN", "SAVE_COLLECTED", "SAVE_QUERY",
		"RESTORE_REQUEST", "RESTORE_COMPLETE", "RESTORE_QUERY",
		"CB_INITIATE_SAVE", "CB_SAVED", "CB_SAVE_STATUS",
		"CB_SAVE_COLLECT", "CB_RESTORE_REQ_OK", "CB_RESTORE_BEGUN",
		"CB_INITIATE_RESTORE", "CB_RESTORED", "CB_RESTORE_STATUS",
		"CB_RESTORE_FEDM" };
	char dir[64];
	const char *args[] = { "--udp", "off", "--save-dir", dir, NULL };
	struct rtiexec r, via;
	unsigned types = 0, frames = 0, bad = 0, partial = 0;
	size_t i, k;
	int port;

	if (argc != 2 || read_page(argv[1]) < 0) {
		fprintf(stderr, "usage: protocol_frames PAGE\n");
		return 2;
	}
	snprintf(dir, sizeof dir, "/tmp/rti-protocol-frames-%d",
	    (int)getpid());
	if (rtiexec_start(&r, args) < 0)
		return 2;
	upstream_port = r.port;
	if ((port = proxy_start()) < 0)
		return 2;
	via = r;
	snprintf(via.url, sizeof via.url, "tcp://127.0.0.1:%d", port);
	via.port = port;
	if (run_session(&via))
		printf("FAIL: the session did not run through\n");
	usleep(200000);
	rtiexec_stop(&r);
	{
		char cmd[128];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", dir);
	}
	pthread_mutex_lock(&mu);
	for (i = 0; i < MAX_TYPES; i++) {
		char layout[4096];

		if (!rows[i].seen && !rows[i].bad)
			continue;
		types++;
		frames += rows[i].seen;
		if (rows[i].bad) {
			bad++;
			printf("FAIL: 0x%04zx %s: %u of %u frames do not decode "
			    "as \"%s\": %s\n", i, rows[i].name, rows[i].bad,
			    rows[i].seen, rows[i].layout, rows[i].why);
		}
		layout_of(rows[i].layout, layout, sizeof layout);
		(void)layout;
	}
	for (k = 0; k < sizeof save_set / sizeof save_set[0]; k++) {
		for (i = 0; i < MAX_TYPES; i++)
			if (rows[i].known && strcmp(rows[i].name,
			    save_set[k]) == 0)
				break;
		if (i == MAX_TYPES || !rows[i].seen) {
			printf("FAIL: %s was not seen in the session\n",
			    save_set[k]);
			bad++;
		}
	}
	pthread_mutex_unlock(&mu);
	(void)partial;
	printf("protocol_frames: %u frames of %u message types checked "
	    "against rti-protocol(7), %u failures\n", frames, types, bad);
	return bad ? 1 : 0;
}
