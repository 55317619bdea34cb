/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_http.c - rtiexec's HTTP view (rti-http(7)) against a real rtiexec
 * and real federates: the JSON API's values (names, times after steps,
 * the GALT holder, sync points, counts after known traffic), /metrics
 * through a strict parser of the Prometheus text format 0.0.4, the
 * errors (404, 405, 401, oversized headers), the bearer key, rtictl's
 * output, and the bounds: a client that pipelines requests and never
 * reads, and more connections than --http-max-clients.
 *
 * Longer than the project's 1200 lines: one Check file per module, as
 * the project keeps them; the view is one module (rti/http*.c) and its
 * cases share the federation fixtures and the strict metrics parser.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "json.h"
#include "testutil.h"

#define HELLO TEST_FOM("HelloWorld.xml")
#define RTICTL TOP_BUILDDIR "/tools/rtictl"

static struct rtiexec rx;
static int hport;

/* ---- rtiexec with --http ---- */

static void
start_with(const char *const *extra)
{
	hport = rtiexec_start_http(&rx, extra);
	ck_assert_int_gt(hport, 0);
}

static void
setup(void)
{
	start_with(NULL);
}

static void
teardown(void)
{
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}

/* ---- a blocking HTTP client ---- */

static int
connect_http(void)
{
	struct sockaddr_in sa;
	struct timeval tv = { 10, 0 };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)hport);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

struct resp {
	int status;               /* 0: no response (closed) */
	char *all;                /* head and body, NUL-terminated */
	char *body;
	size_t len;               /* of body */
};

static void
resp_free(struct resp *r)
{
	free(r->all);
	memset(r, 0, sizeof *r);
}

/* Send `raw` on a new connection, read until the server closes. */
static void
http_raw(const char *raw, size_t rawlen, struct resp *r)
{
	int fd = connect_http();
	size_t n = 0, cap = 65536;
	ssize_t k;
	char *b;

	memset(r, 0, sizeof *r);
	ck_assert(send(fd, raw, rawlen, MSG_NOSIGNAL) == (ssize_t)rawlen);
	b = malloc(cap + 1);
	ck_assert_ptr_nonnull(b);
	while ((k = recv(fd, b + n, cap - n, 0)) > 0) {
		n += (size_t)k;
		if (n == cap) {
			cap *= 2;
			b = realloc(b, cap + 1);
			ck_assert_ptr_nonnull(b);
		}
	}
	close(fd);
	b[n] = '\0';
	r->all = b;
	if (sscanf(b, "HTTP/1.%*d %d", &r->status) != 1)
		r->status = 0;
	r->body = strstr(b, "\r\n\r\n");
	r->body = r->body ? r->body + 4 : b + n;
	r->len = n - (size_t)(r->body - b);
}

static void
http_raws(const char *raw, struct resp *r)
{
	http_raw(raw, strlen(raw), r);
}

static void
http_get_h(const char *path, const char *headers, struct resp *r)
{
	char req[16384];
	int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: "
	    "localhost\r\n%sConnection: close\r\n\r\n", path,
	    headers ? headers : "");

	ck_assert(n > 0 && (size_t)n < sizeof req);
	http_raw(req, (size_t)n, r);
}

static void
http_get(const char *path, struct resp *r)
{
	http_get_h(path, NULL, r);
}

/* The header `name` of r (case as rtiexec writes it), or NULL. */
static const char *
header(const struct resp *r, const char *name, char *out, size_t len)
{
	char pat[128];
	const char *p, *e;

	snprintf(pat, sizeof pat, "\r\n%s: ", name);
	if (!(p = strstr(r->all, pat)) || p > r->body)
		return NULL;
	p += strlen(pat);
	e = strstr(p, "\r\n");
	snprintf(out, len, "%.*s", (int)(e - p), p);
	return out;
}

static struct json_val *
get_json(const char *path)
{
	struct resp r;
	struct json_val *v;
	char err[128], ct[128];

	http_get(path, &r);
	ck_assert_msg(r.status == 200, "%s: %d %s", path, r.status, r.all);
	ck_assert_str_eq(header(&r, "Content-Type", ct, sizeof ct),
	    "application/json");
	ck_assert_msg(json_parse(r.body, r.len, &v, err, sizeof err) == 0,
	    "%s: %s in %s", path, err, r.body);
	ck_assert_int_eq((int)json_num(json_get(v, "schema_version"), 0), 1);
	resp_free(&r);
	return v;
}

/* The federate `name` in a federation document, or NULL. */
static const struct json_val *
fed_of(const struct json_val *doc, const char *name)
{
	const struct json_val *fs = json_path(doc, "federation.federates");
	size_t i;

	for (i = 0; fs && i < fs->n; i++)
		if (strcmp(json_str(json_get(&fs->items[i], "name"), ""),
		    name) == 0)
			return &fs->items[i];
	return NULL;
}

/* The array of strings `a` as "x,y,z". */
static const char *
names(const struct json_val *a, char *out, size_t len)
{
	size_t i, n = 0;

	out[0] = '\0';
	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(a->type, JSON_ARR);
	for (i = 0; i < a->n; i++)
		n += (size_t)snprintf(out + n, len - n, "%s%s", i ? "," : "",
		    json_str(&a->items[i], "?"));
	return out;
}

/* ---- the strict Prometheus text parser ---- */

static int
metric_name_ok(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    c == '_' || c == ':' || (i > 0 && c >= '0' && c <= '9')))
			return 0;
	}
	return 1;
}

static int
label_name_ok(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || (n >= 2 && s[0] == '_' && s[1] == '_'))
		return 0;
	for (i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    c == '_' || (i > 0 && c >= '0' && c <= '9')))
			return 0;
	}
	return 1;
}

/* Valid UTF-8 of n bytes. */
static int
utf8_ok(const unsigned char *s, size_t n)
{
	size_t i = 0, k, m;

	while (i < n) {
		unsigned c = s[i];
		unsigned long cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			m = 2, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			m = 3, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			m = 4, cp = c & 0x07;
		else
			return 0;
		if (i + m > n)
			return 0;
		for (k = 1; k < m; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if ((m == 3 && (cp < 0x800 || (cp >= 0xd800 &&
		    cp <= 0xdfff))) || (m == 4 && (cp < 0x10000 ||
		    cp > 0x10ffff)))
			return 0;
		i += m;
	}
	return 1;
}

#define PROM_MAX_FAM 256
#define PROM_MAX_SERIES 4096

/*
 * Check `text` against the text exposition format 0.0.4 and rtiexec's
 * naming rules: every sample after the # TYPE of its family, each family
 * in one block, one # HELP and one # TYPE each, no series twice, label
 * values with only \\, \" and \n escapes and valid UTF-8, values that
 * parse as floats; names with the rti_ prefix, counters ending in
 * _total and nothing else so.  0, or -1 with `why` filled.
 */
static int
prom_check(const char *text, char *why, size_t wl)
{
	char *fam[PROM_MAX_FAM], *series[PROM_MAX_SERIES];
	char cur[128] = "", cur_type[16] = "";
	size_t n_fam = 0, n_series = 0, i, lineno = 0;
	const char *p = text;
	int rc = -1;

#define BAD(...) do { snprintf(why, wl, "line %zu: ", lineno); \
	snprintf(why + strlen(why), wl - strlen(why), __VA_ARGS__); \
	goto out; } while (0)
	if (!*text || text[strlen(text) - 1] != '\n') {
		snprintf(why, wl, "does not end with a newline");
		return -1;
	}
	while (*p) {
		const char *eol = strchr(p, '\n'), *q;
		size_t len = (size_t)(eol - p);
		char line[8192];

		lineno++;
		if (len >= sizeof line)
			BAD("too long");
		memcpy(line, p, len);
		line[len] = '\0';
		p = eol + 1;
		if (!utf8_ok((const unsigned char *)line, len))
			BAD("not UTF-8");
		if (len == 0)
			continue;
		if (line[0] == '#') {
			char kw[8], name[128], rest[8000];
			int k = sscanf(line, "# %7s %127s %7999[^\n]", kw, name,
			    rest);

			if (k < 1 || (strcmp(kw, "HELP") && strcmp(kw, "TYPE")))
				continue;      /* a comment */
			if (k < 3)
				BAD("%s without text", kw);
			if (!metric_name_ok(name, strlen(name)))
				BAD("bad name '%s'", name);
			if (strcmp(kw, "HELP") == 0) {
				for (q = rest; *q; q++)
					if (*q == '\\' && q[1] != '\\' &&
					    q[1] != 'n')
						BAD("bad escape in HELP");
				if (strcmp(name, cur) != 0) {
					/* a new family starts with HELP */
					for (i = 0; i < n_fam; i++)
						if (!strcmp(fam[i], name))
							BAD("family %s again",
							    name);
					if (n_fam == PROM_MAX_FAM)
						BAD("too many families");
					fam[n_fam++] = strdup(name);
					snprintf(cur, sizeof cur, "%s", name);
					cur_type[0] = '\0';
				}
				continue;
			}
			if (strcmp(name, cur) != 0) {
				for (i = 0; i < n_fam; i++)
					if (!strcmp(fam[i], name))
						BAD("family %s again", name);
				if (n_fam == PROM_MAX_FAM)
					BAD("too many families");
				fam[n_fam++] = strdup(name);
				snprintf(cur, sizeof cur, "%s", name);
			} else if (cur_type[0]) {
				BAD("second TYPE of %s", name);
			}
			if (strcmp(rest, "counter") && strcmp(rest, "gauge") &&
			    strcmp(rest, "untyped") && strcmp(rest, "summary") &&
			    strcmp(rest, "histogram"))
				BAD("bad type '%s'", rest);
			snprintf(cur_type, sizeof cur_type, "%.15s", rest);
			if (strncmp(name, "rti_", 4) != 0)
				BAD("%s: no rti_ prefix", name);
			{
				size_t nl = strlen(name);
				int total = nl > 6 &&
				    !strcmp(name + nl - 6, "_total");

				if ((strcmp(rest, "counter") == 0) != total)
					BAD("%s: a %s %s _total", name, rest,
					    total ? "with" : "without");
			}
			continue;
		}
		/* a sample */
		q = line;
		while (*q && *q != '{' && *q != ' ')
			q++;
		if (!metric_name_ok(line, (size_t)(q - line)))
			BAD("bad sample name");
		if ((size_t)(q - line) != strlen(cur) ||
		    strncmp(line, cur, strlen(cur)) != 0 || !cur_type[0])
			BAD("sample of '%.*s' outside its family (%s)",
			    (int)(q - line), line, cur);
		if (*q == '{') {
			q++;
			while (*q != '}') {
				const char *ln = q;
				char lname[64];

				while (*q && *q != '=')
					q++;
				if (*q != '=' || !label_name_ok(ln,
				    (size_t)(q - ln)))
					BAD("bad label name");
				snprintf(lname, sizeof lname, "%.*s",
				    (int)(q - ln), ln);
				if (q[1] != '"')
					BAD("label %s: no quote", lname);
				q += 2;
				while (*q && *q != '"') {
					if (*q == '\\') {
						if (q[1] != '\\' && q[1] != '"'
						    && q[1] != 'n')
							BAD("bad escape");
						q++;
					}
					q++;
				}
				if (*q != '"')
					BAD("unterminated label value");
				q++;
				if (*q == ',')
					q++;
				else if (*q != '}')
					BAD("expected , or }");
			}
			q++;
		}
		if (*q != ' ')
			BAD("no space before the value");
		{
			char *end;
			const char *v = q + 1;

			if (strcmp(v, "+Inf") && strcmp(v, "-Inf") &&
			    strcmp(v, "NaN")) {
				errno = 0;
				strtod(v, &end);
				if (end == v || (*end && *end != ' '))
					BAD("bad value '%s'", v);
			}
		}
		if (n_series == PROM_MAX_SERIES)
			BAD("too many series");
		for (i = 0; i < n_series; i++)
			if (strncmp(series[i], line, (size_t)(q - line)) == 0 &&
			    series[i][q - line] == '\0')
				BAD("series twice");
		series[n_series] = strndup(line, (size_t)(q - line));
		n_series++;
	}
	rc = 0;
out:
	for (i = 0; i < n_fam; i++)
		free(fam[i]);
	for (i = 0; i < n_series; i++)
		free(series[i]);
	return rc;
#undef BAD
}

/* The value of the series `s` (name and labels, exactly as written), or
 * NAN when there is none. */
static double
prom_value(const char *text, const char *s)
{
	size_t n = strlen(s);
	const char *p = text;

	while ((p = strstr(p, s))) {
		if ((p == text || p[-1] == '\n') && p[n] == ' ')
			return strtod(p + n + 1, NULL);
		p += n;
	}
	return NAN;
}

static char *
get_metrics(void)
{
	struct resp r;
	char why[256], ct[128];
	char *t;

	http_get("/metrics", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(header(&r, "Content-Type", ct, sizeof ct),
	    "text/plain; version=0.0.4; charset=utf-8");
	if (prom_check(r.body, why, sizeof why) != 0) {
		fprintf(stderr, "%s\n", r.body);
		ck_abort_msg("%s", why);
	}
	t = strdup(r.body);
	resp_free(&r);
	return t;
}

/* ---- federates ---- */

static void
cb_reg(void *arg, rti_time t)
{
	tfed_event(arg, "reg:%g|", t.f64);
}

static void
cb_con(void *arg, rti_time t)
{
	tfed_event(arg, "con:%g|", t.f64);
}

static void
cb_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g|", t.f64);
}

static void
cb_rx(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *values, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)cls;
	(void)values;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	tfed_event(arg, "rx:");
}

static void
cb_isave(void *arg, const char *label, int has_time, rti_time t)
{
	(void)has_time;
	(void)t;
	tfed_event(arg, "isave:%s|", label);
}

static void
cb_saved(void *arg)
{
	tfed_event(arg, "saved|");
}

static void
cb_rok(void *arg, const char *label)
{
	tfed_event(arg, "rok:%s|", label);
}

static void
cb_irestore(void *arg, const char *label, const char *name,
    rti_federate_handle h)
{
	(void)name;
	(void)h;
	tfed_event(arg, "irestore:%s|", label);
}

static void
cb_not_saved(void *arg, enum rti_save_failure_reason r)
{
	tfed_event(arg, "notsaved:%d|", (int)r);
}

static void
cb_restored(void *arg)
{
	tfed_event(arg, "restored|");
}

static void
cb_not_restored(void *arg, enum rti_restore_failure_reason r)
{
	tfed_event(arg, "notrestored:%d|", (int)r);
}

static struct tfed *
fed(const char *name)
{
	struct tfed *t = calloc(1, sizeof *t);
	struct rti_callbacks cb;
	const char *mods[1] = { HELLO };
	int rc;

	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	tfed_callbacks(&cb);
	cb.time_regulation_enabled = cb_reg;
	cb.time_constrained_enabled = cb_con;
	cb.time_advance_grant = cb_grant;
	cb.receive_interaction = cb_rx;
	cb.initiate_federate_save = cb_isave;
	cb.federation_saved = cb_saved;
	cb.federation_not_saved = cb_not_saved;
	cb.request_federation_restore_succeeded = cb_rok;
	cb.initiate_federate_restore = cb_irestore;
	cb.federation_restored = cb_restored;
	cb.federation_not_restored = cb_not_restored;
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	rc = rti_create_federation_execution(t->amb, "T", mods, 1, NULL);
	ck_assert(rc == RTI_OK ||
	    rc == RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS);
	ck_assert_int_eq(rti_join_federation_execution(t->amb, name, "console",
	    "T", &t->handle), RTI_OK);
	tfed_track(t);
	return t;
}

static struct tfed *
fed_time(const char *name)
{
	struct tfed *t = fed(name);

	ck_assert_int_eq(rti_enable_time_regulation(t->amb,
	    rti_time_f64(1)), RTI_OK);
	ck_assert(tfed_wait(t, "reg:"));
	ck_assert_int_eq(rti_enable_time_constrained(t->amb), RTI_OK);
	ck_assert(tfed_wait(t, "con:"));
	return t;
}

/* Every federate of `ts` asks TAR(t) and is granted it. */
static void
step(struct tfed **ts, size_t n, double t)
{
	char ev[32];
	size_t i;

	snprintf(ev, sizeof ev, "grant:%g|", t);
	for (i = 0; i < n; i++)
		ck_assert_int_eq(rti_time_advance_request(ts[i]->amb,
		    rti_time_f64(t)), RTI_OK);
	for (i = 0; i < n; i++)
		ck_assert(tfed_wait_all(ts, n, ts[i], ev));
}

/* ---- the event log ---- */

/* Event i (0-based, oldest first) of an events document. */
static const struct json_val *
event_at(const struct json_val *doc, size_t i)
{
	const struct json_val *l = json_path(doc, "events.list");

	ck_assert_ptr_nonnull(l);
	ck_assert_msg(i < l->n, "event %zu of %zu", i, l->n);
	return &l->items[i];
}

/* The kinds of federation fx's events after `after`, as "a,b,c". */
static const char *
event_kinds(const char *fx, uint64_t after, char *out, size_t len)
{
	const struct json_val *l;
	struct json_val *doc;
	char path[256];
	size_t i, n = 0;

	snprintf(path, sizeof path, "/api/v1/federations/%s/events?after=%llu",
	    fx, (unsigned long long)after);
	doc = get_json(path);
	l = json_path(doc, "events.list");
	ck_assert_ptr_nonnull(l);
	out[0] = '\0';
	for (i = 0; i < l->n && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, "%s%s", i ? "," : "",
		    json_str(json_get(&l->items[i], "kind"), "?"));
	json_free(doc);
	return out;
}

/* Fetch fx's events until one of `kind` about `who` is there (60 s at
 * most, evoking `t` meanwhile when not NULL); that event's "why", or ""
 * (copied into out). */
static const char *
wait_event(const char *fx, const char *kind, const char *who,
    struct tfed *t, char *out, size_t len)
{
	double deadline = tfed_now() + 60;
	char path[256];

	snprintf(path, sizeof path, "/api/v1/federations/%s/events", fx);
	out[0] = '\0';
	for (;;) {
		struct json_val *doc = get_json(path);
		const struct json_val *l = json_path(doc, "events.list");
		size_t i;

		for (i = 0; l && i < l->n; i++) {
			const struct json_val *e = &l->items[i];

			if (strcmp(json_str(json_get(e, "kind"), ""), kind) ||
			    strcmp(json_str(json_get(e, "federate"), ""), who))
				continue;
			snprintf(out, len, "%s", json_str(json_get(e, "why"),
			    ""));
			json_free(doc);
			return out;
		}
		json_free(doc);
		ck_assert_msg(tfed_now() < deadline, "no %s event of %s",
		    kind, who);
		if (t)
			tfed_pump(t, 0.1);
		else
			usleep(100000);
	}
}

/* ---- tests ---- */

/* Three regulating and constrained federates step together; then C
 * stops: A and B wait at TAR(3) and C is named as what holds them back,
 * by the JSON API, the metrics and rtictl; C steps and nobody does. */
START_TEST(test_galt_holder)
{
	struct tfed *a = fed_time("A"), *b = fed_time("B"),
	    *c = fed_time("C");
	struct tfed *all[3] = { a, b, c };
	struct json_val *doc;
	const struct json_val *f, *t;
	char buf[sizeof RTICTL + 256], *m;
	FILE *p;
	size_t n;
	int i;

	step(all, 3, 1);
	step(all, 3, 2);
	doc = get_json("/api/v1/federations/T");
	ck_assert_str_eq(names(json_path(doc, "federation.galt.held_back_by"),
	    buf, sizeof buf), "");
	for (i = 0; i < 3; i++) {
		f = fed_of(doc, (const char *[]){ "A", "B", "C" }[i]);
		ck_assert_ptr_nonnull(f);
		ck_assert_str_eq(json_str(json_get(f, "type"), ""), "console");
		ck_assert_str_eq(json_str(json_get(f, "host"), ""), "127.0.0.1");
		ck_assert_str_eq(json_str(json_get(f, "state"), ""), "active");
		t = json_get(f, "time");
		ck_assert(json_num(json_get(t, "logical_time"), -1) == 2);
		ck_assert(json_num(json_get(t, "lookahead"), -1) == 1);
		ck_assert(json_bool(json_get(t, "regulating"), 0));
		ck_assert(json_bool(json_get(t, "constrained"), 0));
		ck_assert_int_eq(json_get(t, "pending")->type, JSON_NULL);
		ck_assert(!json_bool(json_get(t, "holds_galt"), 1));
	}
	json_free(doc);

	/* A and B ask for 3; C (at 2, lookahead 1) may still send at 3 */
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(3)),
	    RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(b->amb, rti_time_f64(3)),
	    RTI_OK);
	tfed_barrier(a);
	tfed_barrier(b);
	doc = get_json("/api/v1/federations/T");
	ck_assert_str_eq(names(json_path(doc, "federation.galt.held_back_by"),
	    buf, sizeof buf), "C");
	ck_assert_str_eq(names(json_path(doc, "federation.galt.waiting"),
	    buf, sizeof buf), "A,B");
	ck_assert(json_num(json_path(doc, "federation.galt.time"), -1) == 3);
	t = json_get(fed_of(doc, "A"), "time");
	ck_assert_str_eq(json_str(json_path(t, "pending.kind"), ""), "TAR");
	ck_assert(json_num(json_path(t, "pending.time"), -1) == 3);
	ck_assert(json_bool(json_get(t, "waiting"), 0));
	ck_assert(json_num(json_get(t, "galt"), -1) == 3);
	ck_assert(!json_bool(json_get(t, "holds_galt"), 1));
	t = json_get(fed_of(doc, "C"), "time");
	ck_assert(json_bool(json_get(t, "holds_galt"), 0));
	ck_assert(!json_bool(json_get(t, "waiting"), 1));
	json_free(doc);

	m = get_metrics();
	ck_assert(prom_value(m, "rti_federate_holds_galt{federation=\"T\","
	    "federate=\"C\"}") == 1);
	ck_assert(prom_value(m, "rti_federate_holds_galt{federation=\"T\","
	    "federate=\"A\"}") == 0);
	ck_assert(prom_value(m, "rti_federate_waiting{federation=\"T\","
	    "federate=\"B\"}") == 1);
	ck_assert(prom_value(m, "rti_federate_logical_time{federation=\"T\","
	    "federate=\"A\"}") == 2);
	ck_assert(prom_value(m, "rti_federates{federation=\"T\"}") == 3);
	free(m);

	/* rtictl reads the same */
	snprintf(buf, sizeof buf, RTICTL " --url http://127.0.0.1:%d time",
	    hport);
	p = popen(buf, "r");
	ck_assert_ptr_nonnull(p);
	{
		char out[8192];

		n = fread(out, 1, sizeof out - 1, p);
		out[n] = '\0';
		ck_assert_int_eq(pclose(p), 0);
		ck_assert_msg(strstr(out, "federation T: GALT 3 held back by "
		    "C (waiting: A, B)\n"), "%s", out);
		ck_assert_msg(strstr(out, "\nC  "), "%s", out);
		ck_assert_msg(strstr(out, "holds GALT\n"), "%s", out);
		ck_assert_msg(strstr(out, "TAR 3"), "%s", out);
	}
	snprintf(buf, sizeof buf, RTICTL " --url http://127.0.0.1:%d/ --json "
	    "time", hport);
	p = popen(buf, "r");
	ck_assert_ptr_nonnull(p);
	{
		char out[65536], err[128];

		n = fread(out, 1, sizeof out - 1, p);
		out[n] = '\0';
		ck_assert_int_eq(pclose(p), 0);
		ck_assert_msg(json_parse(out, n, &doc, err, sizeof err) == 0,
		    "%s: %s", err, out);
		ck_assert_str_eq(names(json_path(doc,
		    "federation.galt.held_back_by"), buf, sizeof buf), "C");
		json_free(doc);
	}

	/* C steps: everyone is granted 3, nobody holds anyone back */
	ck_assert_int_eq(rti_time_advance_request(c->amb, rti_time_f64(3)),
	    RTI_OK);
	for (i = 0; i < 3; i++)
		ck_assert(tfed_wait_all(all, 3, all[i], "grant:3|"));
	doc = get_json("/api/v1/federations/T");
	ck_assert_str_eq(names(json_path(doc, "federation.galt.held_back_by"),
	    buf, sizeof buf), "");
	ck_assert(json_num(json_path(fed_of(doc, "C"), "time.logical_time"),
	    -1) == 3);
	json_free(doc);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* Known traffic and a pending synchronization point, as counted. */
START_TEST(test_traffic_and_sync)
{
	struct tfed *a = fed("A"), *b = fed("B"), *c = fed("C");
	struct tfed *all[3] = { a, b, c };
	rti_interaction_class_handle hello;
	rti_parameter_handle text;
	struct rti_parameter_value pv;
	const struct json_val *tr, *sp;
	struct json_val *doc;
	char buf[256], *m;
	size_t i;
	int found = 0;

	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "HLAinteractionRoot.Hello", &hello), RTI_OK);
	ck_assert_int_eq(rti_get_parameter_handle(a->amb, hello, "Text",
	    &text), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(c->amb, hello),
	    RTI_OK);
	tfed_barrier(b);
	tfed_barrier(c);
	pv.parameter = text;
	pv.value = "\0\0\0\0";
	pv.length = 4;
	for (i = 0; i < 7; i++)
		ck_assert_int_eq(rti_send_interaction(a->amb, hello, &pv, 1,
		    NULL, 0), RTI_OK);
	ck_assert(tfed_wait_n(b, "rx:", 7));
	ck_assert(tfed_wait_n(c, "rx:", 7));

	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    "ready", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait_all(all, 3, a, "announce:ready"));
	ck_assert(tfed_wait_all(all, 3, b, "announce:ready"));
	ck_assert(tfed_wait_all(all, 3, c, "announce:ready"));
	ck_assert_int_eq(rti_synchronization_point_achieved(a->amb, "ready",
	    1), RTI_OK);
	tfed_barrier(a);

	doc = get_json("/api/v1/federations/T");
	tr = json_path(doc, "federation.traffic");
	ck_assert_ptr_nonnull(tr);
	for (i = 0; i < tr->n; i++) {
		if (strcmp(json_str(json_get(&tr->items[i], "class"), ""),
		    "HLAinteractionRoot.Hello") != 0)
			continue;
		found = 1;
		ck_assert_str_eq(json_str(json_get(&tr->items[i], "kind"), ""),
		    "interaction");
		ck_assert(json_num(json_get(&tr->items[i], "sent"), 0) == 7);
		ck_assert(json_num(json_get(&tr->items[i], "received"), 0) == 14);
	}
	ck_assert(found);
	tr = json_get(fed_of(doc, "A"), "traffic");
	ck_assert_int_eq((int)tr->n, 1);
	ck_assert(json_num(json_get(json_at(tr, 0), "sent"), 0) == 7);
	ck_assert(json_num(json_get(json_at(tr, 0), "received"), -1) == 0);
	ck_assert(json_num(json_path(fed_of(doc, "A"),
	    "connection.bytes_received"), 0) > 7 * 4);
	sp = json_path(doc, "federation.sync_points");
	ck_assert_int_eq((int)sp->n, 1);
	ck_assert_str_eq(json_str(json_get(json_at(sp, 0), "label"), ""), "ready");
	ck_assert_str_eq(names(json_get(json_at(sp, 0), "members"), buf,
	    sizeof buf), "A,B,C");
	ck_assert_str_eq(names(json_get(json_at(sp, 0), "waiting_for"), buf,
	    sizeof buf), "B,C");
	json_free(doc);

	m = get_metrics();
	ck_assert(prom_value(m, "rti_interactions_sent_total{federation=\"T\","
	    "federate=\"A\",class=\"HLAinteractionRoot.Hello\"}") == 7);
	ck_assert(prom_value(m, "rti_interactions_received_total{federation="
	    "\"T\",federate=\"B\",class=\"HLAinteractionRoot.Hello\"}") == 7);
	ck_assert(isnan(prom_value(m, "rti_interactions_sent_total{"
	    "federation=\"T\",federate=\"B\",class=\"HLAinteractionRoot."
	    "Hello\"}")));
	ck_assert(prom_value(m, "rti_sync_point_waiting{federation=\"T\","
	    "label=\"ready\"}") == 2);
	ck_assert(prom_value(m, "rti_interactions_received_total{federation="
	    "\"T\",federate=\"C\",class=\"HLAinteractionRoot.Hello\"}") == 7);
	ck_assert(prom_value(m, "rti_messages_routed_total") >= 14);
	free(m);

	/* the list names the federation and its federates */
	doc = get_json("/api/v1/federations");
	ck_assert_str_eq(json_str(json_get(json_at(json_get(doc, "federations"), 0),
	    "name"), ""), "T");
	ck_assert_str_eq(names(json_get(json_at(json_get(doc, "federations"), 0),
	    "federate_names"), buf, sizeof buf), "A,B,C");
	json_free(doc);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* The traffic entry of `cls` in the array `tr`, or NULL. */
static const struct json_val *
traffic_of(const struct json_val *tr, const char *cls)
{
	size_t i;

	for (i = 0; tr && i < tr->n; i++)
		if (strcmp(json_str(json_get(&tr->items[i], "class"), ""), cls)
		    == 0)
			return &tr->items[i];
	return NULL;
}

/* Evoke `ts` and fetch the federation document until `path` of federate
 * `name` (of its traffic entry of class `cls` unless NULL) reaches `want`
 * (10 s at most); the last document. */
static struct json_val *
poll_fed(struct tfed **ts, size_t n, const char *name, const char *cls,
    const char *path, double want)
{
	double deadline = tfed_now() + 10;
	const struct json_val *v;
	struct json_val *doc;
	size_t i;

	for (;;) {
		doc = get_json("/api/v1/federations/T");
		v = fed_of(doc, name);
		if (cls)
			v = traffic_of(json_get(v, "traffic"), cls);
		if (json_num(json_path(v, path), -1) == want ||
		    tfed_now() > deadline)
			return doc;
		json_free(doc);
		for (i = 0; i < n; i++)
			rti_evoke_callbacks(ts[i]->amb, 0.01, 0.05, NULL);
	}
}

/* Known traffic, exact bytes by class: A updates Greeter{Message, Count}
 * three times (class layer 12 + 12 + (8 + 8) + (8 + 4) = 52 bytes), B
 * subscribes to both (the layer as it is), C to Message only (the cut,
 * 12 + 12 + 8 + 8 = 40); A sends Hello{Text} five times (parameter block
 * 4 + 8 + 4 = 16) to B. */
START_TEST(test_traffic_bytes)
{
	struct tfed *a = fed("A"), *b = fed("B"), *c = fed("C");
	struct tfed *all[3] = { a, b, c };
	rti_object_class_handle gr;
	rti_attribute_handle at[2];
	rti_object_instance_handle obj;
	rti_interaction_class_handle hello;
	rti_parameter_handle text;
	struct rti_attribute_value av[2];
	struct rti_parameter_value pv;
	const struct json_val *e;
	struct json_val *doc;
	char *m;
	size_t i;

	ck_assert_int_eq(rti_get_object_class_handle(a->amb,
	    "HLAobjectRoot.Greeter", &gr), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, gr, "Message",
	    &at[0]), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, gr, "Count",
	    &at[1]), RTI_OK);
	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "HLAinteractionRoot.Hello", &hello), RTI_OK);
	ck_assert_int_eq(rti_get_parameter_handle(a->amb, hello, "Text",
	    &text), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, gr, at,
	    2), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(b->amb, gr,
	    at, 2), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(c->amb, gr,
	    at, 1), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, hello),
	    RTI_OK);
	tfed_barrier(b);
	tfed_barrier(c);
	ck_assert_int_eq(rti_register_object_instance(a->amb, gr, &obj),
	    RTI_OK);
	av[0].attribute = at[0];
	av[0].value = "\0\0\0\2\0h\0i";
	av[0].length = 8;
	av[1].attribute = at[1];
	av[1].value = "\0\0\0\1";
	av[1].length = 4;
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, av,
		    2, NULL, 0), RTI_OK);
		tfed_barrier(a);
	}
	pv.parameter = text;
	pv.value = "\0\0\0\0";
	pv.length = 4;
	for (i = 0; i < 5; i++)
		ck_assert_int_eq(rti_send_interaction(a->amb, hello, &pv, 1,
		    NULL, 0), RTI_OK);
	tfed_barrier(a);

	doc = poll_fed(all, 3, "C", "HLAobjectRoot.Greeter", "bytes_received",
	    120);
	e = traffic_of(json_get(fed_of(doc, "A"), "traffic"),
	    "HLAobjectRoot.Greeter");
	ck_assert_ptr_nonnull(e);
	ck_assert(json_num(json_get(e, "sent"), 0) == 3);
	ck_assert(json_num(json_get(e, "bytes_sent"), 0) == 3 * 52);
	ck_assert(json_num(json_get(e, "bytes_received"), -1) == 0);
	e = traffic_of(json_get(fed_of(doc, "A"), "traffic"),
	    "HLAinteractionRoot.Hello");
	ck_assert(json_num(json_get(e, "bytes_sent"), 0) == 5 * 16);
	e = traffic_of(json_get(fed_of(doc, "B"), "traffic"),
	    "HLAobjectRoot.Greeter");
	ck_assert(json_num(json_get(e, "received"), 0) == 3);
	ck_assert(json_num(json_get(e, "bytes_received"), 0) == 3 * 52);
	e = traffic_of(json_get(fed_of(doc, "B"), "traffic"),
	    "HLAinteractionRoot.Hello");
	ck_assert(json_num(json_get(e, "bytes_received"), 0) == 5 * 16);
	e = traffic_of(json_get(fed_of(doc, "C"), "traffic"),
	    "HLAobjectRoot.Greeter");
	ck_assert(json_num(json_get(e, "bytes_received"), 0) == 3 * 40);
	/* the federation's sum by class */
	e = traffic_of(json_path(doc, "federation.traffic"),
	    "HLAobjectRoot.Greeter");
	ck_assert(json_num(json_get(e, "bytes_sent"), 0) == 3 * 52);
	ck_assert(json_num(json_get(e, "bytes_received"), 0) == 3 * (52 + 40));
	e = traffic_of(json_path(doc, "federation.traffic"),
	    "HLAinteractionRoot.Hello");
	ck_assert(json_num(json_get(e, "bytes_sent"), 0) == 5 * 16);
	ck_assert(json_num(json_get(e, "bytes_received"), 0) == 5 * 16);
	json_free(doc);

	m = get_metrics();
	ck_assert(prom_value(m, "rti_updates_sent_bytes_total{federation="
	    "\"T\",federate=\"A\",class=\"HLAobjectRoot.Greeter\"}") ==
	    3 * 52);
	ck_assert(prom_value(m, "rti_reflections_received_bytes_total{"
	    "federation=\"T\",federate=\"B\",class=\"HLAobjectRoot.Greeter"
	    "\"}") == 3 * 52);
	ck_assert(prom_value(m, "rti_reflections_received_bytes_total{"
	    "federation=\"T\",federate=\"C\",class=\"HLAobjectRoot.Greeter"
	    "\"}") == 3 * 40);
	ck_assert(prom_value(m, "rti_interactions_sent_bytes_total{"
	    "federation=\"T\",federate=\"A\",class=\"HLAinteractionRoot."
	    "Hello\"}") == 5 * 16);
	ck_assert(prom_value(m, "rti_interactions_received_bytes_total{"
	    "federation=\"T\",federate=\"B\",class=\"HLAinteractionRoot."
	    "Hello\"}") == 5 * 16);
	ck_assert(isnan(prom_value(m, "rti_interactions_received_bytes_total{"
	    "federation=\"T\",federate=\"C\",class=\"HLAinteractionRoot."
	    "Hello\"}")));
	free(m);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* A join that grows the FOM (join-extra.xml: Meter, Trip) moves every
 * federate's counters to arrays for the new class counts: the bytes so
 * far are kept and the next ones added to them. */
START_TEST(test_traffic_bytes_fom_grown)
{
	struct tfed *a = fed("A"), *b = fed("B"), *c;
	struct tfed *all[2] = { a, b };
	const char *mods[1] = { TEST_DATA("fom/join-extra.xml") };
	rti_object_class_handle gr;
	rti_attribute_handle at[2];
	rti_object_instance_handle obj;
	struct rti_attribute_value av[2];
	const struct json_val *e;
	struct json_val *doc;

	ck_assert_int_eq(rti_get_object_class_handle(a->amb,
	    "HLAobjectRoot.Greeter", &gr), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, gr, "Message",
	    &at[0]), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, gr, "Count",
	    &at[1]), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, gr, at,
	    2), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(b->amb, gr,
	    at, 2), RTI_OK);
	tfed_barrier(b);
	ck_assert_int_eq(rti_register_object_instance(a->amb, gr, &obj),
	    RTI_OK);
	av[0].attribute = at[0];
	av[0].value = "\0\0\0\2\0h\0i";
	av[0].length = 8;
	av[1].attribute = at[1];
	av[1].value = "\0\0\0\1";
	av[1].length = 4;
	ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, av, 2,
	    NULL, 0), RTI_OK);
	tfed_barrier(a);
	doc = poll_fed(all, 2, "B", "HLAobjectRoot.Greeter", "bytes_received",
	    52);
	json_free(doc);

	c = calloc(1, sizeof *c);
	ck_assert_ptr_nonnull(c);
	c->amb = rti_ambassador_new();
	{
		struct rti_callbacks cb;

		tfed_callbacks(&cb);
		ck_assert_int_eq(rti_connect(c->amb, rx.url, &cb, c), RTI_OK);
	}
	ck_assert_msg(rti_join_federation_execution_with_modules(c->amb, "C",
	    "console", "T", mods, 1, NULL) == RTI_OK, "%s",
	    rti_error_message(c->amb));
	tfed_track(c);
	tfed_barrier(a);
	ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, av, 2,
	    NULL, 0), RTI_OK);
	tfed_barrier(a);
	doc = poll_fed(all, 2, "B", "HLAobjectRoot.Greeter", "bytes_received",
	    104);
	e = traffic_of(json_get(fed_of(doc, "A"), "traffic"),
	    "HLAobjectRoot.Greeter");
	ck_assert(json_num(json_get(e, "sent"), 0) == 2);
	ck_assert(json_num(json_get(e, "bytes_sent"), 0) == 104);
	e = traffic_of(json_get(fed_of(doc, "B"), "traffic"),
	    "HLAobjectRoot.Greeter");
	ck_assert(json_num(json_get(e, "received"), 0) == 2);
	ck_assert(json_num(json_get(e, "bytes_received"), 0) == 104);
	json_free(doc);
	/* the event log has the modules the join added */
	doc = get_json("/api/v1/federations/T/events?after=3");
	e = json_at(json_path(doc, "events.list"), 0);
	ck_assert_str_eq(json_str(json_get(e, "kind"), ""),
	    "fom_modules_added");
	ck_assert_ptr_nonnull(strstr(json_str(json_get(e, "detail"), ""),
	    "join-extra.xml (at a join; "));
	ck_assert_str_eq(json_str(json_get(json_at(json_path(doc,
	    "events.list"), 1), "kind"), ""), "joined");
	json_free(doc);
	/* A leaves after the FOM grew: its share stays */
	tfed_free(a);
	doc = get_json("/api/v1/federations/T");
	e = traffic_of(json_path(doc, "federation.traffic"),
	    "HLAobjectRoot.Greeter");
	ck_assert(json_num(json_get(e, "sent"), 0) == 2);
	ck_assert(json_num(json_get(e, "bytes_sent"), 0) == 104);
	ck_assert(json_num(json_get(e, "received"), 0) == 2);
	json_free(doc);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* What filtering saved at the source: A updates Greeter{Count} four
 * times and sends Hello twice with nobody subscribed; its librti
 * suppresses all of it, reports it, and the JSON and the metrics show
 * 4 updates of 4 value bytes each and 2 interactions, within seconds;
 * rtiexec saw none of it.  No report while nothing changes; the next
 * change is reported. */
START_TEST(test_source_suppressed)
{
	struct tfed *a = fed("A"), *b = fed("B");
	struct tfed *all[2] = { a, b };
	rti_object_class_handle gr;
	rti_attribute_handle cnt;
	rti_object_instance_handle obj;
	rti_interaction_class_handle hello;
	struct rti_attribute_value av;
	struct rti_statistics st;
	const struct json_val *s;
	struct json_val *doc;
	double at;
	char *m;
	size_t i;

	ck_assert_int_eq(rti_get_object_class_handle(a->amb,
	    "HLAobjectRoot.Greeter", &gr), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, gr, "Count",
	    &cnt), RTI_OK);
	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "HLAinteractionRoot.Hello", &hello), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, gr,
	    &cnt, 1), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(a->amb, gr, &obj),
	    RTI_OK);
	av.attribute = cnt;
	av.value = "\0\0\0\1";
	av.length = 4;
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, &av,
		    1, NULL, 0), RTI_OK);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(rti_send_interaction(a->amb, hello, NULL, 0,
		    NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_get_statistics(a->amb, &st), RTI_OK);
	ck_assert_uint_eq(st.updates_suppressed, 4);
	ck_assert_uint_eq(st.interactions_suppressed, 2);

	doc = poll_fed(all, 2, "A", NULL, "source_suppressed.interactions",
	    2);
	s = json_get(fed_of(doc, "A"), "source_suppressed");
	ck_assert_ptr_nonnull(s);
	ck_assert(json_num(json_get(s, "updates"), 0) == 4);
	ck_assert(json_num(json_get(s, "bytes"), 0) == 16);
	ck_assert(json_num(json_get(s, "interactions"), 0) == 2);
	ck_assert(json_num(json_get(s, "reported"), 0) > 0);
	s = json_get(fed_of(doc, "B"), "source_suppressed");
	ck_assert(json_num(json_get(s, "updates"), -1) == 0);
	ck_assert_int_eq(json_get(s, "reported")->type, JSON_NULL);
	s = json_path(doc, "federation.source_suppressed");
	ck_assert(json_num(json_get(s, "updates"), 0) == 4);
	ck_assert(json_num(json_get(s, "bytes"), 0) == 16);
	/* rtiexec never saw them */
	ck_assert(traffic_of(json_get(fed_of(doc, "A"), "traffic"),
	    "HLAobjectRoot.Greeter") == NULL);
	at = json_num(json_path(fed_of(doc, "A"), "source_suppressed.reported"),
	    0);
	json_free(doc);

	/* nothing changed: no new report, however long A evokes (a report
	 * per second would have moved `reported` on in 2.5 s) */
	tfed_pump(a, 2.5);
	/* and A talks to rtiexec: the figures it shows are current, as of
	 * now, not of the last report (the page said "reported 3m33s ago"
	 * of a federate that stepped) */
	{
		rti_federate_handle h;

		ck_assert_int_eq(rti_get_federate_handle(a->amb, "B", &h),
		    RTI_OK);
	}
	doc = get_json("/api/v1/federations/T");
	ck_assert(json_num(json_path(fed_of(doc, "A"),
	    "source_suppressed.reported"), 0) == at);
	ck_assert(json_num(json_path(fed_of(doc, "A"),
	    "source_suppressed.as_of"), 0) >= at + 2);
	ck_assert(json_num(json_path(fed_of(doc, "A"),
	    "source_suppressed.as_of"), 0) <= json_num(json_path(doc,
	    "server.now"), 0));
	json_free(doc);
	/* one more: reported again */
	ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, &av, 1,
	    NULL, 0), RTI_OK);
	doc = poll_fed(all, 2, "A", NULL, "source_suppressed.updates", 5);
	ck_assert(json_num(json_path(fed_of(doc, "A"),
	    "source_suppressed.updates"), 0) == 5);
	ck_assert(json_num(json_path(fed_of(doc, "A"),
	    "source_suppressed.bytes"), 0) == 20);
	json_free(doc);

	m = get_metrics();
	ck_assert(prom_value(m, "rti_source_suppressed_updates_total{"
	    "federation=\"T\",federate=\"A\"}") == 5);
	ck_assert(prom_value(m, "rti_source_suppressed_bytes_total{"
	    "federation=\"T\",federate=\"A\"}") == 20);
	ck_assert(prom_value(m, "rti_source_suppressed_interactions_total{"
	    "federation=\"T\",federate=\"A\"}") == 2);
	ck_assert(prom_value(m, "rti_source_suppressed_updates_total{"
	    "federation=\"T\",federate=\"B\"}") == 0);
	free(m);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/*
 * The event log: joins, a synchronization point registered and reached,
 * a resign asked for and one by a cut connection, each with why; the
 * events endpoint's after= and limit=, its errors, the federation
 * document's recent events and the metrics' count.
 */
START_TEST(test_events)
{
	struct tfed *a = fed("A"), *b = fed("B"), *c = fed("C");
	struct tfed *all[3] = { a, b, c };
	const struct json_val *e;
	struct json_val *doc;
	char buf[512], why[64];
	struct resp r;
	char *m;

	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    "ready", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait_all(all, 3, a, "announce:ready"));
	ck_assert(tfed_wait_all(all, 3, b, "announce:ready"));
	ck_assert(tfed_wait_all(all, 3, c, "announce:ready"));
	ck_assert_int_eq(rti_synchronization_point_achieved(a->amb, "ready",
	    1), RTI_OK);
	ck_assert_int_eq(rti_synchronization_point_achieved(b->amb, "ready",
	    1), RTI_OK);
	ck_assert_int_eq(rti_synchronization_point_achieved(c->amb, "ready",
	    1), RTI_OK);
	ck_assert(tfed_wait_all(all, 3, a, "synchronized:ready"));
	/* B resigns; C's connection is cut */
	ck_assert_int_eq(rti_resign_federation_execution(b->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert_int_eq(rti_disconnect(c->amb), RTI_OK);
	ck_assert_str_eq(wait_event("T", "resigned", "C", a, why, sizeof why),
	    "connection_lost");
	ck_assert_str_eq(event_kinds("T", 0, buf, sizeof buf),
	    "created,joined,joined,joined,sync_registered,sync_done,"
	    "resigned,resigned");

	doc = get_json("/api/v1/federations/T/events");
	ck_assert_str_eq(json_str(json_get(doc, "federation"), ""), "T");
	ck_assert(json_num(json_path(doc, "events.next"), 0) == 9);
	ck_assert(json_num(json_path(doc, "events.dropped"), -1) == 0);
	e = event_at(doc, 0);
	ck_assert(json_num(json_get(e, "seq"), 0) == 1);
	ck_assert_int_eq(json_get(e, "federate")->type, JSON_NULL);
	ck_assert(json_num(json_get(e, "time"), 0) > 1.6e9);
	ck_assert(json_num(json_get(e, "time_ms"), 0) >=
	    json_num(json_get(e, "time"), 0) * 1000);
	e = event_at(doc, 1);
	ck_assert_str_eq(json_str(json_get(e, "federate"), ""), "A");
	ck_assert_int_eq(json_get(e, "why")->type, JSON_NULL);
	ck_assert_ptr_nonnull(strstr(json_str(json_get(e, "detail"), ""),
	    "type 'console'"));
	e = event_at(doc, 4);
	ck_assert_str_eq(json_str(json_get(e, "federate"), ""), "A");
	ck_assert_str_eq(json_str(json_get(e, "detail"), ""), "'ready' with "
	    "the whole federation (3 members)");
	ck_assert_str_eq(json_str(json_get(event_at(doc, 5), "detail"), ""),
	    "'ready': 3 members, 0 of them unsuccessfully");
	e = event_at(doc, 6);
	ck_assert_str_eq(json_str(json_get(e, "federate"), ""), "B");
	ck_assert_str_eq(json_str(json_get(e, "why"), ""), "asked");
	ck_assert_str_eq(json_str(json_get(e, "detail"), ""), "resign action "
	    "NoAction");
	e = event_at(doc, 7);
	ck_assert_str_eq(json_str(json_get(e, "why"), ""), "connection_lost");
	ck_assert_ptr_nonnull(strstr(json_str(json_get(e, "detail"), ""),
	    "closed by the federate's side"));
	json_free(doc);

	/* after= and limit= */
	ck_assert_str_eq(event_kinds("T", 6, buf, sizeof buf),
	    "resigned,resigned");
	ck_assert_str_eq(event_kinds("T", 8, buf, sizeof buf), "");
	ck_assert_str_eq(event_kinds("T", 100, buf, sizeof buf), "");
	doc = get_json("/api/v1/federations/T/events?limit=2&after=1");
	ck_assert(json_num(json_get(event_at(doc, 0), "seq"), 0) == 7);
	ck_assert(json_num(json_get(event_at(doc, 1), "seq"), 0) == 8);
	json_free(doc);
	/* the federation document holds the recent ones */
	doc = get_json("/api/v1/federations/T");
	ck_assert_int_eq((int)json_path(doc, "federation.events.list")->n, 8);
	ck_assert(json_num(json_path(doc, "federation.events.capacity"), 0) ==
	    1000);
	json_free(doc);

	/* bad input: a clear 400 */
	{
		static const char *const bad[] = {
			"after=x", "after=-1", "after=", "after=1&after=2",
			"limit=0", "limit=1001", "limit=99999999999999999999",
			"after=18446744073709551616", "since=3", "after",
			"after=1;limit=2", "%61fter=1",
		};
		size_t i;

		for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
			char path[128];

			snprintf(path, sizeof path,
			    "/api/v1/federations/T/events?%s", bad[i]);
			http_get(path, &r);
			ck_assert_msg(r.status == 400, "%s: %d", bad[i],
			    r.status);
			ck_assert_msg(strstr(r.body, bad[i][0] == 'l' ?
			    "limit= takes" : "after=") != NULL, "%s: %s",
			    bad[i], r.body);
			resp_free(&r);
		}
	}
	doc = get_json("/api/v1/federations/T/events?after="
	    "18446744073709551615&limit=1000");
	ck_assert_int_eq((int)json_path(doc, "events.list")->n, 0);
	json_free(doc);
	http_get("/api/v1/federations/Nope/events", &r);
	ck_assert_int_eq(r.status, 404);
	resp_free(&r);

	m = get_metrics();
	ck_assert(prom_value(m, "rti_federation_events_total{federation="
	    "\"T\"}") == 8);
	free(m);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* A 6-hour session's log stays bounded: past 1000 events the oldest go,
 * counted, and numbering goes on. */
START_TEST(test_events_bounded)
{
	struct tfed *a = fed("A");
	struct json_val *doc;
	char label[32], ev[48];
	int i;

	/* 2 events so far; each point adds 2 */
	for (i = 0; i < 520; i++) {
		snprintf(label, sizeof label, "p%d", i);
		ck_assert_int_eq(rti_register_federation_synchronization_point(
		    a->amb, label, NULL, 0, NULL, 0), RTI_OK);
		snprintf(ev, sizeof ev, "announce:%s:", label);
		ck_assert(tfed_wait(a, ev));
		ck_assert_int_eq(rti_synchronization_point_achieved(a->amb,
		    label, 1), RTI_OK);
		snprintf(ev, sizeof ev, "synchronized:%s:", label);
		ck_assert(tfed_wait(a, ev));
		tfed_clear(a);
	}
	doc = get_json("/api/v1/federations/T/events");
	ck_assert(json_num(json_path(doc, "events.next"), 0) == 1043);
	ck_assert(json_num(json_path(doc, "events.dropped"), 0) == 42);
	ck_assert_int_eq((int)json_path(doc, "events.list")->n, 1000);
	ck_assert(json_num(json_get(event_at(doc, 0), "seq"), 0) == 43);
	ck_assert_str_eq(json_str(json_get(event_at(doc, 999), "detail"), ""),
	    "'p519': 1 members, 0 of them unsuccessfully");
	json_free(doc);
	doc = get_json("/api/v1/federations/T/events?after=1040");
	ck_assert_int_eq((int)json_path(doc, "events.list")->n, 2);
	json_free(doc);
	doc = get_json("/api/v1/federations/T");
	ck_assert_int_eq((int)json_path(doc, "federation.events.list")->n,
	    50);
	ck_assert(json_num(json_get(json_at(json_path(doc,
	    "federation.events.list"), 49), "seq"), 0) == 1042);
	json_free(doc);
	tfed_free(a);
}
END_TEST

/* The list's own request counter counts the request it answers (it said
 * 0 on the first). */
START_TEST(test_requests_counted)
{
	struct json_val *doc = get_json("/api/v1/federations");

	ck_assert(json_num(json_path(doc, "http.requests"), 0) == 1);
	json_free(doc);
	doc = get_json("/api/v1/federations");
	ck_assert(json_num(json_path(doc, "http.requests"), 0) == 2);
	json_free(doc);
}
END_TEST

/* A federate's share of the class traffic stays after it resigns (the
 * publisher showed "sent 0" once gone), and the counters go on. */
START_TEST(test_traffic_kept)
{
	struct tfed *a = fed("A"), *b = fed("B"), *c;
	rti_interaction_class_handle hello;
	const struct json_val *t;
	struct json_val *doc;
	size_t i;

	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "HLAinteractionRoot.Hello", &hello), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, hello),
	    RTI_OK);
	tfed_barrier(b);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(rti_send_interaction(a->amb, hello, NULL, 0,
		    NULL, 0), RTI_OK);
	ck_assert(tfed_wait_n(b, "rx:", 3));
	tfed_free(a);
	c = fed("C");
	ck_assert_int_eq(rti_publish_interaction_class(c->amb, hello),
	    RTI_OK);
	ck_assert_int_eq(rti_send_interaction(c->amb, hello, NULL, 0, NULL,
	    0), RTI_OK);
	ck_assert(tfed_wait_n(b, "rx:", 4));
	doc = get_json("/api/v1/federations/T");
	t = traffic_of(json_path(doc, "federation.traffic"),
	    "HLAinteractionRoot.Hello");
	ck_assert_ptr_nonnull(t);
	ck_assert(json_num(json_get(t, "sent"), 0) == 4);
	ck_assert(json_num(json_get(t, "received"), 0) == 4);
	ck_assert(json_num(json_get(t, "bytes_sent"), 0) ==
	    json_num(json_get(t, "bytes_received"), -1));
	json_free(doc);
	/* B leaves too: nothing is forgotten */
	tfed_free(b);
	doc = get_json("/api/v1/federations/T");
	t = traffic_of(json_path(doc, "federation.traffic"),
	    "HLAinteractionRoot.Hello");
	ck_assert(json_num(json_get(t, "sent"), 0) == 4);
	ck_assert(json_num(json_get(t, "received"), 0) == 4);
	json_free(doc);
	tfed_free(c);
}
END_TEST

/* Two federates step together: the federation's rates (logical time and
 * steps per wall second) are there and positive, in the document and
 * /metrics, and each federate's grants are counted. */
START_TEST(test_rates)
{
	struct tfed *a = fed_time("A"), *b = fed_time("B");
	struct tfed *ab[2] = { a, b };
	struct json_val *doc = NULL;
	double deadline = tfed_now() + 20, t = 1;
	char *m;

	for (;;) {
		step(ab, 2, t);
		t += 1;
		json_free(doc);
		doc = get_json("/api/v1/federations/T");
		if (json_num(json_path(doc, "federation.rates.window_seconds"),
		    0) > 0 && json_num(json_path(doc,
		    "federation.rates.time_per_second"), 0) > 0)
			break;
		ck_assert_msg(tfed_now() < deadline, "no rates in the "
		    "document after %g steps", t);
		tfed_pump(a, 0.2);
	}
	ck_assert(json_num(json_path(doc, "federation.rates.steps_per_second"),
	    0) > 0);
	ck_assert(json_num(json_path(doc, "federation.rates.time"), 0) >= 1);
	ck_assert(json_num(json_path(fed_of(doc, "A"), "time.grants"), 0) >=
	    t - 1);
	json_free(doc);
	m = get_metrics();
	ck_assert(prom_value(m, "rti_federation_time_rate{federation=\"T\"}")
	    > 0);
	ck_assert(prom_value(m, "rti_federation_step_rate{federation=\"T\"}")
	    > 0);
	ck_assert(prom_value(m, "rti_federate_time_advance_grants_total{"
	    "federation=\"T\",federate=\"B\"}") >= t - 1);
	free(m);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/* A federate that stops (here: never evoked again) shows how long it has
 * been silent and the time the heartbeat leaves it, going down; then the
 * heartbeat resigns it and the event log says so. */
START_TEST(test_heartbeat_view)
{
	struct tfed *a, *s;
	struct json_val *doc;
	double deadline, left0 = -1, left = -1, silent = -1, hbt;
	char why[64];
	char *m;

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	{
		/* long enough for A, starved of the CPU on a loaded
		 * machine, to stay */
		const char *extra[] = { "--heartbeat-timeout",
		    getenv("RTI_TEST_WRAPPER") ? "40" : "10", NULL };

		start_with(extra);
	}
	a = fed("A");
	s = fed("S");
	doc = get_json("/api/v1/federations");
	hbt = json_num(json_path(doc, "server.heartbeat_timeout"), 0);
	ck_assert(hbt >= 10);
	json_free(doc);
	/* S is silent from now: the view sees its time run out */
	deadline = tfed_now() + 10 * hbt;
	for (;;) {
		const struct json_val *f;

		doc = get_json("/api/v1/federations/T");
		f = fed_of(doc, "S");
		if (!f) {
			json_free(doc);
			break;
		}
		left = json_num(json_path(f, "connection.heartbeat_resign_in"),
		    -1);
		silent = json_num(json_path(f, "connection.silent_seconds"),
		    -1);
		ck_assert_msg(left >= 0 && silent >= 0, "S: resign in %g, "
		    "silent %g", left, silent);
		if (left0 < 0)
			left0 = left;
		json_free(doc);
		if (left < hbt / 2 && silent > 0)
			break;
		ck_assert_msg(tfed_now() < deadline, "S's time left stays %g "
		    "(from %g)", left, left0);
		tfed_pump(a, 0.2);
	}
	ck_assert_msg(left < left0, "resign in %g, first %g", left, left0);
	m = get_metrics();
	ck_assert(prom_value(m, "rti_federate_silent_seconds{federation="
	    "\"T\",federate=\"S\"}") >= silent);
	ck_assert(!isnan(prom_value(m, "rti_federate_heartbeat_resign_in_"
	    "seconds{federation=\"T\",federate=\"S\"}")));
	free(m);
	ck_assert_str_eq(wait_event("T", "resigned", "S", a, why, sizeof why),
	    "heartbeat");
	tfed_free(a);
	tfed_free(s);
}
END_TEST

/* A federate name with quotes, backslashes, markup, a newline, UTF-8 and
 * a byte that is not UTF-8: valid JSON giving the name back, valid
 * metrics with the label escaped. */
START_TEST(test_hostile_names)
{
	static const char nm[] = "we\"ird\\<b>x</b>\n\xc3\xa9";
	struct tfed *a = fed(nm), *b = fed("bad\xff" "byte");
	struct json_val *doc;
	char *m;

	doc = get_json("/api/v1/federations/T");
	ck_assert_ptr_nonnull(fed_of(doc, nm));
	ck_assert_ptr_nonnull(fed_of(doc, "bad\xef\xbf\xbd" "byte"));
	json_free(doc);
	m = get_metrics();
	ck_assert_msg(prom_value(m, "rti_federate_regulating{federation="
	    "\"T\",federate=\"we\\\"ird\\\\<b>x</b>\\n\xc3\xa9\"}") == 0,
	    "%s", m);
	ck_assert(prom_value(m, "rti_federate_regulating{federation=\"T\","
	    "federate=\"bad\xef\xbf\xbd" "byte\"}") == 0);
	free(m);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/* Bad requests get their status and a short message; the page is one
 * self-contained document. */
START_TEST(test_errors_and_page)
{
	struct tfed *a;
	struct resp r;
	char big[12000], hv[256];
	int n;

	http_get("/nope", &r);
	ck_assert_int_eq(r.status, 404);
	ck_assert_ptr_nonnull(strstr(r.body, "not found"));
	resp_free(&r);
	http_get("/api/v1/federations/NoSuch", &r);
	ck_assert_int_eq(r.status, 404);
	ck_assert_ptr_nonnull(strstr(r.body, "no such federation"));
	resp_free(&r);
	http_raws("POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
	    "Connection: close\r\n\r\nab", &r);
	ck_assert_int_eq(r.status, 405);
	ck_assert_str_eq(header(&r, "Allow", hv, sizeof hv), "GET, HEAD");
	resp_free(&r);
	http_raws("HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
	    &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_int_eq((int)r.len, 0);
	resp_free(&r);
	http_raws("GARBAGE\r\n\r\n", &r);
	ck_assert_int_eq(r.status, 400);
	resp_free(&r);
	/* headers past 8 KiB */
	memset(big, 'x', sizeof big);
	n = snprintf(big, sizeof big, "X-Big: ");
	big[n] = 'x';
	big[sizeof big - 3] = '\r';
	big[sizeof big - 2] = '\n';
	big[sizeof big - 1] = '\0';
	http_get_h("/metrics", big, &r);
	ck_assert_int_eq(r.status, 400);
	resp_free(&r);

	/* a federation named with a space and a slash, percent-encoded */
	a = tfed_new(&rx);
	ck_assert_int_eq(tfed_create_join(a, "a b/c", HELLO, "X"), RTI_OK);
	{
		struct json_val *doc = get_json("/api/v1/federations/a%20b%2Fc");

		ck_assert_str_eq(json_str(json_path(doc, "federation.name"), ""),
		    "a b/c");
		json_free(doc);
	}
	tfed_free(a);

	http_get("/", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_str_eq(header(&r, "Content-Type", hv, sizeof hv),
	    "text/html; charset=utf-8");
	ck_assert_ptr_nonnull(strstr(r.body, "galt-holder"));
	ck_assert_ptr_nonnull(strstr(r.body, "textContent"));
	/* no external resource: nothing fetched but the API; the one URL
	 * is the SVG namespace, a name that is never fetched */
	{
		const char *u = r.body;

		for (; (u = strstr(u, "http")); u++)
			ck_assert_msg(strncmp(u, "http://www.w3.org/2000/svg",
			    26) == 0 || (u[4] != ':' && u[4] != 's'),
			    "%.40s", u);
	}
	ck_assert_ptr_null(strstr(r.body, "href="));
	ck_assert_ptr_null(strstr(r.body, "url("));
	ck_assert_ptr_null(strstr(r.body, "@import"));
	ck_assert_ptr_null(strstr(r.body, " src="));
	ck_assert_ptr_null(strstr(r.body, "<link"));
	ck_assert_ptr_null(strstr(r.body, "innerHTML"));
	resp_free(&r);
}
END_TEST

/* With --auth-key-file every request needs "Bearer KEY". */
START_TEST(test_auth)
{
	char keyfile[64] = "/tmp/check_http_key_XXXXXX";
	const char *args[3] = { "--auth-key-file", keyfile, NULL };
	char *m;
	struct resp r;
	char hv[256];
	int fd;

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	fd = mkstemp(keyfile);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "s3cret-key\n", 11), 11);
	close(fd);
	start_with(args);
	http_get("/metrics", &r);
	ck_assert_int_eq(r.status, 401);
	ck_assert_str_eq(header(&r, "WWW-Authenticate", hv, sizeof hv),
	    "Bearer realm=\"rtiexec\"");
	ck_assert_ptr_null(strstr(r.body, "rti_"));
	resp_free(&r);
	http_get_h("/metrics", "Authorization: Bearer s3cret-kez\r\n", &r);
	ck_assert_int_eq(r.status, 401);
	resp_free(&r);
	http_get_h("/metrics", "Authorization: Bearer s3cret-ke\r\n", &r);
	ck_assert_int_eq(r.status, 401);
	resp_free(&r);
	http_get_h("/metrics", "Authorization: Bearer s3cret-key2\r\n", &r);
	ck_assert_int_eq(r.status, 401);
	resp_free(&r);
	http_get_h("/api/v1/federations", "Authorization: Basic "
	    "s3cret-key\r\n", &r);
	ck_assert_int_eq(r.status, 401);
	resp_free(&r);
	/* the page holds no data: served without the key */
	http_get("/", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert_ptr_nonnull(strstr(r.body, "galt-holder"));
	resp_free(&r);
	http_get_h("/metrics", "Authorization: Bearer s3cret-key\r\n", &r);
	ck_assert_int_eq(r.status, 200);
	m = r.body;
	ck_assert(prom_value(m, "rti_http_unauthorized_total") == 5);
	resp_free(&r);
	{
		char cmd[sizeof RTICTL + 256];

		snprintf(cmd, sizeof cmd, RTICTL " --url http://127.0.0.1:%d "
		    "--auth-key-file %s status >/dev/null 2>&1", hport,
		    keyfile);
		ck_assert_int_eq(system(cmd), 0);
		snprintf(cmd, sizeof cmd, RTICTL " --url http://127.0.0.1:%d "
		    "status >/dev/null 2>&1", hport);
		ck_assert_int_eq(WEXITSTATUS(system(cmd)), 1);
	}
	unlink(keyfile);
}
END_TEST

/* 1 when rtiexec closed `fd` within `s` seconds. */
static int
closed_within(int fd, double s)
{
	double end = tfed_now() + s;
	char b[512];
	ssize_t n;

	while (tfed_now() < end) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, 50) <= 0)
			continue;
		n = recv(fd, b, sizeof b, MSG_DONTWAIT);
		if (n == 0 || (n < 0 && errno != EAGAIN))
			return 1;
	}
	return 0;
}

/* More connections than --http-max-clients: a new one takes the place
 * of the oldest that is waiting for its request (that one is closed), so
 * requests are still served.  Federates are not connections of the view:
 * they join meanwhile. */
START_TEST(test_max_clients)
{
	const char *args[3] = { "--http-max-clients", "4", NULL };
	int idle[4], i;
	struct tfed *a;
	struct resp r;

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	start_with(args);
	for (i = 0; i < 3; i++)
		idle[i] = connect_http();
	/* the fourth is served, and counts itself */
	http_get("/metrics", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(prom_value(r.body, "rti_http_clients") == 4);
	resp_free(&r);
	idle[3] = connect_http();
	/* rtiexec has accepted the fourth idle one when a request on it
	 * is answered: a HEAD without Connection: close keeps it open */
	ck_assert(send(idle[3], "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n", 28,
	    MSG_NOSIGNAL) == 28);
	{
		char b[512];

		ck_assert(recv(idle[3], b, sizeof b, 0) > 0);
	}
	a = fed("A");
	for (i = 0; i < 3; i++) {
		http_get("/metrics", &r);
		ck_assert_msg(r.status == 200, "%d", r.status);
		ck_assert(prom_value(r.body, "rti_federates{federation="
		    "\"T\"}") == 1);
		resp_free(&r);
	}
	/* the oldest idle one made room, told by a close */
	ck_assert(closed_within(idle[0], WAIT_S));
	http_get("/metrics", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(prom_value(r.body, "rti_http_evicted_total") >= 1);
	ck_assert(prom_value(r.body, "rti_http_refused_total") == 0);
	resp_free(&r);
	for (i = 0; i < 4; i++)
		close(idle[i]);
	tfed_free(a);
}
END_TEST

/* A response larger than --http-max-output is answered 503, and smaller
 * ones still go out. */
START_TEST(test_response_cap)
{
	const char *args[3] = { "--http-max-output", "65536", NULL };
	const char *mods[1] = { HELLO };
	struct tfed *a;
	struct resp r;
	char name[1001];
	int i;

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	start_with(args);
	a = tfed_new(&rx);
	memset(name, 'n', sizeof name - 1);
	name[sizeof name - 1] = '\0';
	http_get("/api/v1/federations", &r);
	ck_assert_int_eq(r.status, 200);
	resp_free(&r);
	for (i = 0; i < 70; i++) {
		snprintf(name, 8, "%06d", i);
		name[6] = 'n';
		ck_assert_int_eq(rti_create_federation_execution(a->amb, name,
		    mods, 1, NULL), RTI_OK);
	}
	http_get("/api/v1/federations", &r);
	ck_assert_int_eq(r.status, 503);
	ck_assert_ptr_nonnull(strstr(r.body, "--http-max-output"));
	resp_free(&r);
	http_get("/api/v1/federations/000001nnnn", &r);
	ck_assert_int_eq(r.status, 404);
	resp_free(&r);
	http_get("/", &r);
	ck_assert_int_eq(r.status, 200);
	resp_free(&r);
	tfed_free(a);
}
END_TEST

/* A client that pipelines requests and never reads: rtiexec reads at
 * most a bounded amount ahead and queues one response, so what the
 * client manages to send stays small and so does rtiexec's memory; the
 * federation steps on meanwhile, and other clients are served. */
START_TEST(test_client_never_reads)
{
	static const char req[] = "GET /api/v1/federations/T HTTP/1.1\r\n"
	    "Host: x\r\n\r\n";
	struct tfed *a = fed_time("A"), *b = fed_time("B");
	struct tfed *all[2] = { a, b };
	long rss0, rss1;
	size_t sent = 0, cap = 64u << 20;
	int fd, rcv = 4096, k;
	char *chunk, *m;
	size_t clen = 0;
	double t;

	chunk = malloc(64 * sizeof req);
	ck_assert_ptr_nonnull(chunk);
	for (k = 0; k < 64; k++) {
		memcpy(chunk + clen, req, sizeof req - 1);
		clen += sizeof req - 1;
	}
	rss0 = rtiexec_status_kb(&rx, "VmRSS");
	ck_assert_int_gt(rss0, 0);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof rcv);
	{
		struct sockaddr_in sa;

		memset(&sa, 0, sizeof sa);
		sa.sin_family = AF_INET;
		sa.sin_port = htons((uint16_t)hport);
		sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa,
		    sizeof sa), 0);
	}
	fcntl(fd, F_SETFL, O_NONBLOCK);
	/* send until the socket stays full for a while, or 64 MiB went:
	 * a rtiexec that reads without bound takes it all */
	for (t = 0; sent < cap; ) {
		ssize_t w = send(fd, chunk, clen, MSG_NOSIGNAL);

		if (w > 0) {
			sent += (size_t)w;
			continue;
		}
		ck_assert(w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
		if (t == 0)
			t = tfed_now();
		if (tfed_now() - t > 1.0)
			break;
		{
			struct pollfd pfd = { fd, POLLOUT, 0 };

			if (poll(&pfd, 1, 100) > 0)
				t = 0;
		}
	}
	ck_assert_msg(sent < cap, "rtiexec took %zu bytes of requests", sent);
	/* the federation steps while the client sits there */
	for (k = 1; k <= 20; k++)
		step(all, 2, k);
	m = get_metrics();
	ck_assert(prom_value(m, "rti_federate_logical_time{federation=\"T\","
	    "federate=\"B\"}") == 20);
	ck_assert(prom_value(m, "rti_http_output_bytes") <= 4u << 20);
	free(m);
	rss1 = rtiexec_status_kb(&rx, "VmRSS");
	ck_assert_msg(rss1 - rss0 < 16 * 1024, "rtiexec grew %ld kB while "
	    "%zu bytes of requests were sent", rss1 - rss0, sent);
	close(fd);
	free(chunk);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/* Run `cmd`: its exit status, its output in out (len bytes). */
static int
run(const char *cmd, char *out, size_t len)
{
	FILE *p = popen(cmd, "r");
	size_t n;
	int st;

	ck_assert_ptr_nonnull(p);
	n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* rtictl events: the log as lines (and as JSON), a hostile name kept to
 * one printable line; --follow prints what comes while it runs; its
 * errors. */
START_TEST(test_rtictl_events)
{
	struct tfed *a = fed("A"), *b = fed("B\n\033[2Jevil");
	char cmd[sizeof RTICTL + 512], out[65536], line[4096], *p;
	struct json_val *doc;
	char err[128];
	FILE *f;
	int lines = 0, seen = 0;

	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d events",
	    hport);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, " T #1 created: ") != NULL, "%s", out);
	ck_assert_msg(strstr(out, " T #2 joined A: handle 1, type "
	    "'console'") != NULL, "%s", out);
	ck_assert_msg(strstr(out, " T #3 joined B??[2Jevil: ") != NULL, "%s",
	    out);
	ck_assert(strchr(out, '\033') == NULL);
	for (p = out; *p; p++)
		lines += *p == '\n';
	ck_assert_int_eq(lines, 3);

	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d -f T --json "
	    "events", hport);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(json_parse(out, strlen(out), &doc, err, sizeof err) ==
	    0, "%s: %s", err, out);
	ck_assert_int_eq((int)json_path(doc, "events.list")->n, 3);
	json_free(doc);

	/* --follow: the three, then B's resign as it happens */
	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d -f T "
	    "--follow -d 0.2 -n 300 events", hport);
	ck_assert_ptr_nonnull(f = popen(cmd, "r"));
	while (seen < 3 && fgets(line, sizeof line, f))
		seen++;
	ck_assert_int_eq(seen, 3);
	ck_assert_int_eq(rti_resign_federation_execution(b->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	tfed_free(b);
	ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
	ck_assert_msg(strstr(line, " T #4 resigned B??[2Jevil (asked): "
	    "resign action DeleteObjects") != NULL, "%s", line);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	/* the federation ends while followed: said, and rtictl goes on */
	ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
	ck_assert_msg(strstr(line, "resigned A (asked)") != NULL, "%s", line);
	{
		struct tfed *z = tfed_new(&rx);

		ck_assert_int_eq(rti_destroy_federation_execution(z->amb, "T"),
		    RTI_OK);
		tfed_free(z);
	}
	ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
	ck_assert_str_eq(line, "(federation T ended)\n");
	pclose(f);
	tfed_free(a);

	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d -f Nope "
	    "events 2>&1", hport);
	ck_assert_int_eq(run(cmd, out, sizeof out), 1);
	ck_assert_str_eq(out, "rtictl: no federation 'Nope'\n");
}
END_TEST

/* rtictl's status, top, metrics, a sync point and its errors; an
 * HLAinteger64Time federation's times are integers. */
START_TEST(test_rtictl_and_int64)
{
	struct tfed *a = tfed_new(&rx), *b;
	const char *mods[1] = { HELLO };
	char cmd[sizeof RTICTL + 256], out[65536], why[256];
	struct json_val *doc;

	ck_assert_int_eq(rti_create_federation_execution(a->amb, "I",
	    mods, 1, "HLAinteger64Time"), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "alpha",
	    "sim", "I", &a->handle), RTI_OK);
	tfed_track(a);
	b = tfed_new(&rx);
	ck_assert_int_eq(rti_join_federation_execution(b->amb, "beta",
	    "console", "I", &b->handle), RTI_OK);
	tfed_track(b);
	ck_assert_int_eq(rti_enable_time_regulation(a->amb,
	    rti_time_i64(5)), RTI_OK);
	tfed_barrier(a);
	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    "go", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(b, "announce:go"));
	ck_assert(tfed_wait(a, "announce:go"));

	doc = get_json("/api/v1/federations/I");
	ck_assert_str_eq(json_str(json_path(doc, "federation.time_implementation"),
	    ""), "HLAinteger64Time");
	ck_assert(json_num(json_path(fed_of(doc, "alpha"), "time.lookahead"),
	    -1) == 5);
	json_free(doc);
	{
		struct resp r;

		http_get("/api/v1/federations/I", &r);
		ck_assert_ptr_nonnull(strstr(r.body, "\"lookahead\":5,"));
		resp_free(&r);
	}

	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d status",
	    hport);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "federation I (HLAinteger64Time): 2 "
	    "federates\n"), "%s", out);
	ck_assert_msg(strstr(out, "sync point go: waiting for alpha, "
	    "beta\n"), "%s", out);
	ck_assert_msg(strstr(out, " alpha ") && strstr(out, " sim "),
	    "%s", out);
	{
		/* the longest name, each byte escaped in the path */
		struct tfed *c = tfed_new(&rx);
		char longname[1024 + 1];  /* WIRE_MAX_NAME */
		int k;

		for (k = 0; k < 1024; k += 2)
			memcpy(longname + k, "\xc3\xa9", 2);
		longname[1024] = '\0';
		ck_assert_int_eq(rti_create_federation_execution(c->amb,
		    longname, mods, 1, NULL), RTI_OK);
		snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d "
		    "status", hport);
		ck_assert_int_eq(run(cmd, out, sizeof out), 0);
		ck_assert_msg(strstr(out, longname), "%s", out);
		ck_assert_int_eq(rti_destroy_federation_execution(c->amb,
		    longname), RTI_OK);
		tfed_free(c);
	}
	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d -f I "
	    "top -n 2 -d 0.1", hport);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "messages sent: "), "%s", out);
	ck_assert_msg(strstr(out, "/s, bytes sent: "), "%s", out);
	ck_assert_msg(strstr(out, "federation I: nobody holds time back"),
	    "%s", out);
	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d metrics",
	    hport);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(prom_check(out, why, sizeof why) == 0, "%s", why);
	ck_assert(prom_value(out, "rti_federate_lookahead{federation=\"I\","
	    "federate=\"alpha\"}") == 5);
	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d -f nope "
	    "status 2>&1", hport);
	ck_assert_int_eq(run(cmd, out, sizeof out), 1);
	ck_assert_msg(strstr(out, "no federation 'nope'"), "%s", out);
	ck_assert_int_eq(run(RTICTL " -u ftp://x status 2>&1", out,
	    sizeof out), 2);
	ck_assert_int_eq(run(RTICTL " frobnicate 2>&1", out, sizeof out), 2);
	tfed_free(a);
	tfed_free(b);
	/* nothing listens there any more */
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	ck_assert_int_eq(run(cmd, out, sizeof out), 1);
	ck_assert_msg(strstr(out, "cannot connect"), "%s", out);
	ck_assert_int_eq(rtiexec_start(&rx, NULL), 0);
}
END_TEST

/* federates[] of the save object: `name`'s save and restore status as
 * "save/restore". */
static const char *
save_status_of(const struct json_val *sv, const char *name, char *out,
    size_t len)
{
	const struct json_val *fs = json_get(sv, "federates");
	size_t i;

	snprintf(out, len, "none");
	for (i = 0; fs && i < fs->n; i++)
		if (strcmp(json_str(json_get(&fs->items[i], "name"), ""),
		    name) == 0)
			snprintf(out, len, "%s/%s",
			    json_str(json_get(&fs->items[i], "save_status"), "?"),
			    json_str(json_get(&fs->items[i], "restore_status"),
			    "?"));
	return out;
}

/* A save of two federates while B has not answered complete (the JSON,
 * the metrics and rtictl say saving and name B), saved (the last save,
 * the counter, the time its file was written), then a restore while B
 * has not answered (restoring, B named) and restored. */
START_TEST(test_save_restore)
{
	struct tfed *a, *b, *all[2];
	const struct json_val *sv;
	struct json_val *doc;
	char dir[64], cmd[sizeof RTICTL + 256], out[65536], buf[256], *m;
	const char *args[] = { "--save-dir", dir, NULL };
	time_t t0, t1;
	int ok;

	snprintf(dir, sizeof dir, "/tmp/rti-http-save-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	start_with(args);
	a = fed("A");
	b = fed("B");
	all[0] = a;
	all[1] = b;
	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d status",
	    hport);

	/* nothing yet */
	doc = get_json("/api/v1/federations/T");
	sv = json_path(doc, "federation.save");
	ck_assert_ptr_nonnull(sv);
	ck_assert_str_eq(json_str(json_get(sv, "state"), ""), "idle");
	ck_assert_int_eq(json_get(sv, "label")->type, JSON_NULL);
	ck_assert_int_eq(json_get(sv, "last")->type, JSON_NULL);
	ck_assert(json_num(json_get(sv, "saves"), -1) == 0);
	ck_assert_str_eq(save_status_of(sv, "A", buf, sizeof buf),
	    "no_save_in_progress/no_restore_in_progress");
	json_free(doc);
	m = get_metrics();
	ck_assert(prom_value(m, "rti_save_in_progress{federation=\"T\"}") ==
	    0);
	ck_assert(prom_value(m, "rti_saves_total{federation=\"T\"}") == 0);
	ck_assert(isnan(prom_value(m, "rti_last_save_timestamp_seconds{"
	    "federation=\"T\"}")));
	free(m);

	/* A has answered complete, B only begun */
	ck_assert_int_eq(rti_request_federation_save(a->amb, "snap"), RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "isave:snap|"));
	ck_assert(tfed_wait_all(all, 2, b, "isave:snap|"));
	ck_assert_int_eq(rti_federate_save_begun(a->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_complete(a->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_begun(b->amb), RTI_OK);
	doc = get_json("/api/v1/federations/T");
	sv = json_path(doc, "federation.save");
	ck_assert_str_eq(json_str(json_get(sv, "state"), ""), "saving");
	ck_assert_str_eq(json_str(json_get(sv, "label"), ""), "snap");
	ck_assert_int_eq(json_get(sv, "time")->type, JSON_NULL);
	ck_assert_str_eq(names(json_get(sv, "waiting_for"), buf, sizeof buf),
	    "B");
	ck_assert_str_eq(save_status_of(sv, "A", buf, sizeof buf),
	    "federate_waiting_for_federation_to_save/no_restore_in_progress");
	ck_assert_str_eq(save_status_of(sv, "B", buf, sizeof buf),
	    "federate_saving/no_restore_in_progress");
	json_free(doc);
	doc = get_json("/api/v1/federations");
	sv = json_get(json_at(json_get(doc, "federations"), 0), "save");
	ck_assert_str_eq(json_str(json_get(sv, "state"), ""), "saving");
	ck_assert_str_eq(json_str(json_get(sv, "label"), ""), "snap");
	json_free(doc);
	m = get_metrics();
	ck_assert(prom_value(m, "rti_save_in_progress{federation=\"T\"}") ==
	    1);
	ck_assert(prom_value(m, "rti_restore_in_progress{federation=\"T\"}")
	    == 0);
	free(m);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "\nlast save: none; saving snap: waiting "
	    "for B\n"), "%s", out);

	/* saved */
	t0 = time(NULL);
	ck_assert_int_eq(rti_federate_save_complete(b->amb), RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "saved|"));
	ck_assert(tfed_wait_all(all, 2, b, "saved|"));
	t1 = time(NULL);
	doc = get_json("/api/v1/federations/T");
	sv = json_path(doc, "federation.save");
	ck_assert_str_eq(json_str(json_get(sv, "state"), ""), "idle");
	ck_assert_int_eq(json_get(sv, "label")->type, JSON_NULL);
	ck_assert_str_eq(json_str(json_path(sv, "last.label"), ""), "snap");
	ck_assert_int_eq(json_path(sv, "last.time")->type, JSON_NULL);
	ck_assert(json_num(json_get(sv, "saves"), -1) == 1);
	ck_assert_str_eq(names(json_get(sv, "waiting_for"), buf, sizeof buf),
	    "");
	ck_assert_str_eq(save_status_of(sv, "B", buf, sizeof buf),
	    "no_save_in_progress/no_restore_in_progress");
	json_free(doc);
	m = get_metrics();
	ck_assert(prom_value(m, "rti_save_in_progress{federation=\"T\"}") ==
	    0);
	ck_assert(prom_value(m, "rti_saves_total{federation=\"T\"}") == 1);
	ck_assert(prom_value(m, "rti_last_save_timestamp_seconds{"
	    "federation=\"T\"}") >= (double)t0);
	ck_assert(prom_value(m, "rti_last_save_timestamp_seconds{"
	    "federation=\"T\"}") <= (double)t1);
	ck_assert(prom_value(m, "rti_restores_total{federation=\"T\"}") ==
	    0);
	free(m);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "\nlast save: snap\n"), "%s", out);

	/* a restore: A has answered, B not yet */
	ck_assert_int_eq(rti_request_federation_restore(a->amb, "snap"),
	    RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "rok:snap|"));
	ck_assert(tfed_wait_all(all, 2, a, "irestore:snap|"));
	ck_assert(tfed_wait_all(all, 2, b, "irestore:snap|"));
	ck_assert_int_eq(rti_federate_restore_complete(a->amb), RTI_OK);
	doc = get_json("/api/v1/federations/T");
	sv = json_path(doc, "federation.save");
	ck_assert_str_eq(json_str(json_get(sv, "state"), ""), "restoring");
	ck_assert_str_eq(json_str(json_get(sv, "label"), ""), "snap");
	ck_assert_str_eq(names(json_get(sv, "waiting_for"), buf, sizeof buf),
	    "B");
	ck_assert_str_eq(save_status_of(sv, "B", buf, sizeof buf),
	    "no_save_in_progress/federate_restoring");
	ck_assert_str_eq(save_status_of(sv, "A", buf, sizeof buf),
	    "no_save_in_progress/"
	    "federate_waiting_for_federation_to_restore");
	json_free(doc);
	m = get_metrics();
	ck_assert(prom_value(m, "rti_restore_in_progress{federation=\"T\"}")
	    == 1);
	ck_assert(prom_value(m, "rti_save_in_progress{federation=\"T\"}") ==
	    0);
	free(m);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "\nlast save: snap; restoring snap: "
	    "waiting for B\n"), "%s", out);

	/* restored */
	ck_assert_int_eq(rti_federate_restore_complete(b->amb), RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "restored|"));
	ck_assert(tfed_wait_all(all, 2, b, "restored|"));
	doc = get_json("/api/v1/federations/T");
	sv = json_path(doc, "federation.save");
	ck_assert_str_eq(json_str(json_get(sv, "state"), ""), "idle");
	ck_assert(json_num(json_get(sv, "restores"), -1) == 1);
	ck_assert(json_num(json_get(sv, "saves"), -1) == 1);
	json_free(doc);
	m = get_metrics();
	ck_assert(prom_value(m, "rti_restores_total{federation=\"T\"}") ==
	    1);
	ck_assert(prom_value(m, "rti_restore_in_progress{federation=\"T\"}")
	    == 0);
	free(m);

	/* B answers not complete: shown as the query shows it, waiting for
	 * the federation, until A answers; not restored is not counted */
	tfed_clear(a);
	tfed_clear(b);
	ck_assert_int_eq(rti_request_federation_restore(a->amb, "snap"),
	    RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "irestore:snap|"));
	ck_assert(tfed_wait_all(all, 2, b, "irestore:snap|"));
	ck_assert_int_eq(rti_federate_restore_not_complete(b->amb), RTI_OK);
	doc = get_json("/api/v1/federations/T");
	sv = json_path(doc, "federation.save");
	ck_assert_str_eq(save_status_of(sv, "B", buf, sizeof buf),
	    "no_save_in_progress/"
	    "federate_waiting_for_federation_to_restore");
	ck_assert_str_eq(names(json_get(sv, "waiting_for"), buf, sizeof buf),
	    "A");
	json_free(doc);
	ck_assert_int_eq(rti_federate_restore_complete(a->amb), RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "notrestored:"));
	ck_assert(tfed_wait_all(all, 2, b, "notrestored:"));
	doc = get_json("/api/v1/federations/T");
	ck_assert_str_eq(json_str(json_path(doc, "federation.save.state"), ""),
	    "idle");
	ck_assert(json_num(json_path(doc, "federation.save.restores"), -1) == 1);
	json_free(doc);

	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d --json "
	    "status", hport);
	ck_assert_int_eq(run(cmd, out, sizeof out), 0);
	ck_assert_msg(json_parse(out, strlen(out), &doc, buf, sizeof buf) == 0,
	    "%s: %s", buf, out);
	ck_assert_str_eq(json_str(json_path(doc, "federation.save.last.label"),
	    ""), "snap");
	json_free(doc);

	/* the event log tells the story, in order */
	ck_assert_str_eq(event_kinds("T", 0, buf, sizeof buf),
	    "created,joined,joined,save_requested,save_begun,save_done,"
	    "restore_requested,restore_begun,restore_done,"
	    "restore_requested,restore_begun,restore_failed");
	doc = get_json("/api/v1/federations/T/events");
	ck_assert_str_eq(json_str(json_get(event_at(doc, 3), "detail"), ""),
	    "'snap'");
	ck_assert_str_eq(json_str(json_get(event_at(doc, 3), "federate"),
	    ""), "A");
	ck_assert_str_eq(json_str(json_get(event_at(doc, 11), "detail"), ""),
	    "'snap': a federate could not restore");
	json_free(doc);

	tfed_free(a);
	tfed_free(b);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ok = system(cmd);
	ck_assert_int_eq(ok, 0);
}
END_TEST


#define N_TRICKLE 32

/* A trickler: a request line sent, then a header line now and then,
 * never the blank line. */
static int
trickler(void)
{
	int fd = connect_http();

	(void)send(fd, "GET / HTTP/1.1\r\n", 16, MSG_NOSIGNAL);
	return fd;
}

/*
 * Slowloris: 32 connections (the default --http-max-clients) send a
 * request line and then one header line every half second, reopened as
 * soon as rtiexec closes one, for 7 s.  Legitimate GETs made meanwhile
 * are answered, and the tricklers are closed: some to make room, the
 * rest when their 5 s for a whole request are over, however often they
 * sent.
 */
START_TEST(test_slowloris)
{
	int fd[N_TRICKLE], i, answered = 0, asked = 0, reopened = 0;
	double t0 = tfed_now(), next_get = t0 + 1;
	struct resp r;

	for (i = 0; i < N_TRICKLE; i++)
		fd[i] = trickler();
	while (tfed_now() < t0 + 7) {
		for (i = 0; i < N_TRICKLE; i++) {
			struct pollfd p = { .fd = fd[i], .events = POLLIN };
			char b[256];

			if (poll(&p, 1, 0) > 0 && recv(fd[i], b, sizeof b,
			    MSG_DONTWAIT) <= 0) {
				close(fd[i]);
				fd[i] = trickler();
				reopened++;
				continue;
			}
			(void)send(fd[i], "X-T: x\r\n", 8, MSG_NOSIGNAL);
		}
		if (tfed_now() >= next_get) {
			http_get("/api/v1/federations", &r);
			asked++;
			answered += r.status == 200;
			resp_free(&r);
			next_get += 2;
		}
		usleep(500000);
	}
	for (i = 0; i < N_TRICKLE; i++)
		close(fd[i]);
	ck_assert_int_ge(asked, 3);
	ck_assert_int_eq(answered, asked);
	ck_assert_int_gt(reopened, 0);
	http_get("/metrics", &r);
	ck_assert_int_eq(r.status, 200);
	ck_assert(prom_value(r.body, "rti_http_evicted_total") >= asked);
	ck_assert(prom_value(r.body, "rti_http_timeouts_total") >= 1);
	resp_free(&r);
}
END_TEST

#define N_BIG 300
#define N_HAMMER 8
#define HAMMER_GETS 15

struct hammer {
	int ok, bad, n;
	char why[128];
};

static void *
hammer_main(void *arg)
{
	struct hammer *h = arg;
	struct json_val *v;
	const struct json_val *fs;
	char err[128];
	struct resp r;
	int i;

	for (i = 0; i < HAMMER_GETS; i++) {
		char req[] = "GET /api/v1/federations/BIG HTTP/1.0\r\n\r\n";
		int fd = connect_http();
		size_t n = 0, cap = 1 << 21;
		ssize_t k;
		char *b = malloc(cap + 1);

		if (!b || send(fd, req, sizeof req - 1, MSG_NOSIGNAL) < 0) {
			close(fd);
			free(b);
			h->bad++;
			continue;
		}
		while ((k = recv(fd, b + n, cap - n, 0)) > 0) {
			n += (size_t)k;
			if (n == cap) {
				char *nb = realloc(b, 2 * cap + 1);

				if (!nb)
					break;
				b = nb;
				cap *= 2;
			}
		}
		close(fd);
		b[n] = '\0';
		memset(&r, 0, sizeof r);
		r.all = b;
		r.body = strstr(b, "\r\n\r\n");
		if (sscanf(b, "HTTP/1.%*d %d", &r.status) != 1 || !r.body ||
		    r.status != 200) {
			snprintf(h->why, sizeof h->why, "status %d", r.status);
			h->bad++;
			free(b);
			continue;
		}
		r.body += 4;
		if (json_parse(r.body, n - (size_t)(r.body - b), &v, err,
		    sizeof err) < 0) {
			snprintf(h->why, sizeof h->why, "bad JSON: %.100s", err);
			h->bad++;
		} else {
			fs = json_path(v, "federation.federates");
			if (fs && fs->type == JSON_ARR && fs->n == N_BIG)
				h->ok++;
			else
				h->bad++;
			json_free(v);
		}
		free(b);
	}
	return NULL;
}

/*
 * Heavy documents: 8 clients fetch the document of a federation of 300
 * federates again and again while a federate of another federation makes
 * round trips.  Every round trip is answered, every document is whole
 * (valid JSON, all 300 federates), and most are served from the cache
 * (rti_http_documents_cached_total), so however many clients ask, a
 * document that is slow to build is built only now and then.
 */
START_TEST(test_heavy_documents)
{
	static const char *const args[] = { "--heartbeat-timeout", "0",
		NULL };
	const char *mods[1] = { HELLO };
	rti_ambassador **big = calloc(N_BIG, sizeof *big);
	struct hammer h[N_HAMMER];
	pthread_t th[N_HAMMER];
	struct tfed *a;
	struct resp r;
	char name[32];
	int i, trips = 0, ok = 0;
	double built, cached;

	ck_assert_ptr_nonnull(big);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	start_with(args);
	for (i = 0; i < N_BIG; i++) {
		int rc;

		big[i] = rti_ambassador_new();
		ck_assert_int_eq(rti_connect(big[i], rx.url, NULL, NULL),
		    RTI_OK);
		if (i == 0) {
			rc = rti_create_federation_execution(big[i], "BIG",
			    mods, 1, NULL);
			ck_assert_int_eq(rc, RTI_OK);
		}
		snprintf(name, sizeof name, "federate-%03d", i);
		ck_assert_int_eq(rti_join_federation_execution(big[i], name,
		    "console", "BIG", NULL), RTI_OK);
	}
	a = fed("A");
	memset(h, 0, sizeof h);
	for (i = 0; i < N_HAMMER; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, hammer_main,
		    &h[i]), 0);
	for (i = 0; i < 40; i++) {
		snprintf(name, sizeof name, "trip%d", i);
		ck_assert_int_eq(rti_register_federation_synchronization_point(
		    a->amb, name, NULL, 0, NULL, 0), RTI_OK);
		snprintf(name, sizeof name, "announce:trip%d", i);
		trips += tfed_wait(a, name);
	}
	for (i = 0; i < N_HAMMER; i++) {
		pthread_join(th[i], NULL);
		ok += h[i].ok;
		ck_assert_msg(h[i].bad == 0, "client %d: %d bad documents "
		    "(%s)", i, h[i].bad, h[i].why);
	}
	ck_assert_int_eq(trips, 40);
	ck_assert_int_eq(ok, N_HAMMER * HAMMER_GETS);
	http_get("/metrics", &r);
	ck_assert_int_eq(r.status, 200);
	built = prom_value(r.body, "rti_http_documents_built_total");
	cached = prom_value(r.body, "rti_http_documents_cached_total");
	resp_free(&r);
	ck_assert_msg(cached > 0 && built + cached >= N_HAMMER * HAMMER_GETS,
	    "built %g, cached %g", built, cached);
	tfed_free(a);
	for (i = 0; i < N_BIG; i++)
		rti_ambassador_free(big[i]);
	free(big);
}
END_TEST

/* A federate resigned by another's HLAresignFederationExecution (MOM) is
 * told in the events as resigned, why "evicted", naming the federate that
 * asked. */
START_TEST(test_event_evicted)
{
	struct tfed *a = fed("A"), *m = fed("M");
	rti_interaction_class_handle ic;
	struct rti_parameter_value v[2];
	unsigned char handle[8] = { 0, 0, 0, 4 }, action[4] = { 0, 0, 0, 6 };
	char why[64], detail[96];
	const struct json_val *l;
	struct json_val *doc;
	size_t i;

	ic = tfed_ic(m, "HLAinteractionRoot.HLAmanager.HLAfederate."
	    "HLAservice.HLAresignFederationExecution");
	ck_assert_int_eq(rti_publish_interaction_class(m->amb, ic), RTI_OK);
	/* HLAfederate: an HLAhandle (four octets of A's handle);
	 * HLAresignAction NoAction (6) */
	for (i = 0; i < 4; i++)
		handle[4 + i] = (unsigned char)(a->handle.id >> (24 - 8 * i));
	ck_assert_int_eq(rti_get_parameter_handle(m->amb, ic, "HLAfederate",
	    &v[0].parameter), RTI_OK);
	ck_assert_int_eq(rti_get_parameter_handle(m->amb, ic,
	    "HLAresignAction", &v[1].parameter), RTI_OK);
	v[0].value = handle;
	v[0].length = sizeof handle;
	v[1].value = action;
	v[1].length = sizeof action;
	ck_assert_int_eq(rti_send_interaction(m->amb, ic, v, 2, NULL, 0),
	    RTI_OK);
	ck_assert_int_eq(rti_flush_updates(m->amb), RTI_OK);
	ck_assert_str_eq(wait_event("T", "resigned", "A", m, why, sizeof why),
	    "evicted");
	doc = get_json("/api/v1/federations/T/events");
	l = json_path(doc, "events.list");
	ck_assert_ptr_nonnull(l);
	snprintf(detail, sizeof detail, "by federate %llu "
	    "(HLAresignFederationExecution)",
	    (unsigned long long)m->handle.id);
	for (i = 0; i < l->n; i++)
		if (!strcmp(json_str(json_get(&l->items[i], "why"), ""),
		    "evicted"))
			break;
	ck_assert_uint_lt(i, l->n);
	ck_assert_ptr_nonnull(strstr(json_str(json_get(&l->items[i],
	    "detail"), ""), detail));
	/* one resign of A, and M still there */
	for (i = 0; i < l->n; i++)
		ck_assert(strcmp(json_str(json_get(&l->items[i], "federate"),
		    ""), "M") || strcmp(json_str(json_get(&l->items[i],
		    "kind"), ""), "resigned"));
	json_free(doc);
	tfed_free(a);
	tfed_free(m);
}
END_TEST

/* The "detail" of fx's last event of `kind` (about `who`, NULL: any), or
 * "" (copied into out). */
static const char *
last_detail(const char *fx, const char *kind, const char *who, char *out,
    size_t len)
{
	const struct json_val *l;
	struct json_val *doc;
	char path[256];
	size_t i;

	snprintf(path, sizeof path, "/api/v1/federations/%s/events", fx);
	doc = get_json(path);
	l = json_path(doc, "events.list");
	ck_assert_ptr_nonnull(l);
	out[0] = '\0';
	for (i = l->n; i > 0; i--) {
		const struct json_val *e = &l->items[i - 1];

		if (strcmp(json_str(json_get(e, "kind"), ""), kind) ||
		    (who && strcmp(json_str(json_get(e, "federate"), ""),
		    who)))
			continue;
		snprintf(out, len, "%s", json_str(json_get(e, "detail"), ""));
		break;
	}
	json_free(doc);
	return out;
}

/*
 * A subscriber that stops reading (it never evokes) while a publisher
 * floods it: rtiexec drops it past --max-queue, and the events say so
 * twice, as the operator reads them: slow_consumer_dropped naming it and
 * its bound, then resigned, why "slow_consumer".  The publisher stays.
 */
START_TEST(test_event_slow_consumer)
{
	static const char *const args[] = { "--max-queue", "1048576", NULL };
	struct tfed *p, *s;
	rti_object_class_handle cls;
	rti_attribute_handle msg;
	rti_object_instance_handle obj;
	struct rti_attribute_value v;
	static unsigned char value[1024];
	char why[64], d[512];
	int i, dropped = 0;

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	start_with(args);
	p = fed("P");
	s = fed("S");
	cls = tfed_oc(p, "Greeter");
	msg = tfed_at(p, cls, "Message");
	ck_assert_int_eq(rti_subscribe_object_class_attributes(s->amb, cls,
	    &msg, 1), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(p->amb, cls,
	    &msg, 1), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(p->amb, cls, &obj),
	    RTI_OK);
	memset(value, 'v', sizeof value);
	v.attribute = msg;
	v.value = value;
	v.length = sizeof value;
	/* 1 KiB updates until S is dropped: its 1 MiB bound plus what the
	 * kernel's socket buffers take; 400 MB at most */
	for (i = 0; i < 400000 && !dropped; i++) {
		ck_assert_int_eq(rti_update_attribute_values(p->amb, obj, &v,
		    1, NULL, 0), RTI_OK);
		if (i % 1000 == 999) {
			ck_assert_int_eq(rti_flush_updates(p->amb), RTI_OK);
			rti_evoke_callbacks(p->amb, 0, 0, NULL);
			dropped = rtiexec_log_has(&rx, "dropping slow "
			    "consumer");
		}
	}
	ck_assert_msg(dropped, "S was never dropped as a slow consumer");
	ck_assert_str_eq(wait_event("T", "resigned", "S", p, why, sizeof why),
	    "slow_consumer");
	ck_assert_msg(strstr(last_detail("T", "resigned", "S", d, sizeof d),
	    "output queue past --max-queue 1048576") != NULL, "%s", d);
	ck_assert_msg(strstr(d, "bytes were queued") != NULL, "%s", d);
	ck_assert_msg(strstr(last_detail("T", "slow_consumer_dropped", "S", d,
	    sizeof d), "output queue past --max-queue 1048576") != NULL, "%s",
	    d);
	/* dropped, then resigned; the publisher is still there */
	ck_assert_str_eq(event_kinds("T", 3, d, sizeof d),
	    "slow_consumer_dropped,resigned");
	ck_assert_str_eq(last_detail("T", "resigned", "P", d, sizeof d), "");
	tfed_free(s);
	tfed_free(p);
}
END_TEST

/*
 * Saves that fail, each in the events as save_failed with why, naming
 * the federate it was about: one answers federateSaveNotComplete; one
 * resigns during the save (its connection cut); the save is aborted.
 */
START_TEST(test_event_save_failed)
{
	struct tfed *a = fed("A"), *b = fed("B"), *c = fed("C");
	struct tfed *all[3] = { a, b, c };
	char d[512], why[64];

	/* B cannot save */
	ck_assert_int_eq(rti_request_federation_save(a->amb, "one"), RTI_OK);
	ck_assert(tfed_wait_all(all, 3, a, "isave:one|"));
	ck_assert(tfed_wait_all(all, 3, b, "isave:one|"));
	ck_assert(tfed_wait_all(all, 3, c, "isave:one|"));
	ck_assert_int_eq(rti_federate_save_begun(a->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_complete(a->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_begun(b->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_not_complete(b->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_begun(c->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_complete(c->amb), RTI_OK);
	ck_assert(tfed_wait_all(all, 3, a, "notsaved:"));
	ck_assert_str_eq(last_detail("T", "save_failed", NULL, d, sizeof d),
	    "'one': a federate could not save: B answered "
	    "federateSaveNotComplete");

	/* C's connection is cut while it saves */
	tfed_clear(a);
	tfed_clear(b);
	ck_assert_int_eq(rti_request_federation_save(a->amb, "two"), RTI_OK);
	ck_assert(tfed_wait_all(all, 3, a, "isave:two|"));
	ck_assert(tfed_wait_all(all, 3, c, "isave:two|"));
	ck_assert_int_eq(rti_federate_save_begun(c->amb), RTI_OK);
	ck_assert_int_eq(rti_disconnect(c->amb), RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "notsaved:"));
	ck_assert_str_eq(wait_event("T", "resigned", "C", a, why, sizeof why),
	    "connection_lost");
	ck_assert_str_eq(last_detail("T", "save_failed", NULL, d, sizeof d),
	    "'two': a federate resigned: C (connection_lost)");

	/* A aborts */
	tfed_clear(a);
	tfed_clear(b);
	ck_assert_int_eq(rti_request_federation_save(b->amb, "three"),
	    RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "isave:three|"));
	ck_assert_int_eq(rti_abort_federation_save(a->amb), RTI_OK);
	ck_assert(tfed_wait_all(all, 2, b, "notsaved:"));
	ck_assert_str_eq(last_detail("T", "save_failed", NULL, d, sizeof d),
	    "'three': aborted: by A");
	ck_assert_str_eq(last_detail("T", "save_requested", NULL, d, sizeof d),
	    "'three'");
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/*
 * rtiexec stopped (SIGTERM) during a session: its log's line names the
 * signal and what was still running, and rtictl events --follow (which
 * polls) ends its stream saying rtiexec stopped answering, exit 1, not
 * a bare error.
 */
START_TEST(test_stop_reason)
{
	struct tfed *a = fed("A"), *b = fed("B");
	char cmd[sizeof RTICTL + 512], line[4096], text[8192];
	size_t n = 0;
	FILE *f, *lf;
	int st, seen = 0;

	snprintf(cmd, sizeof cmd, RTICTL " -u http://127.0.0.1:%d -f T "
	    "--follow -d 0.2 -n 600 events 2>/dev/null", hport);
	ck_assert_ptr_nonnull(f = popen(cmd, "r"));
	while (seen < 3 && fgets(line, sizeof line, f))
		seen++;
	ck_assert_int_eq(seen, 3);
	ck_assert_int_eq(kill(rx.pid, SIGTERM), 0);
	ck_assert_int_eq(waitpid(rx.pid, &st, 0), rx.pid);
	rx.pid = -1;
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
	ck_assert_str_eq(line, "(rtiexec stopped answering; the federations "
	    "followed went with it)\n");
	ck_assert_ptr_null(fgets(line, sizeof line, f));
	st = pclose(f);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 1);
	/* the log's line */
	ck_assert_ptr_nonnull(lf = fopen(rx.log, "r"));
	n = fread(text, 1, sizeof text - 1, lf);
	text[n] = '\0';
	fclose(lf);
	ck_assert_msg(strstr(text, " warn: signal 15 (SIGTERM): shutting "
	    "down; still running: 1 federation, 2 federates; T (2 federates: "
	    "A, B)\n") != NULL, "%s", text);
	tfed_free(a);
	tfed_free(b);
	rtiexec_kill(&rx);
	start_with(NULL);
	/* nothing running: said so, at info */
	ck_assert_int_eq(kill(rx.pid, SIGINT), 0);
	ck_assert_int_eq(waitpid(rx.pid, &st, 0), rx.pid);
	rx.pid = -1;
	ck_assert_ptr_nonnull(lf = fopen(rx.log, "r"));
	n = fread(text, 1, sizeof text - 1, lf);
	text[n] = '\0';
	fclose(lf);
	ck_assert_msg(strstr(text, " info: signal 2 (SIGINT): shutting down; "
	    "nothing was running\n") != NULL, "%s", text);
	rtiexec_kill(&rx);
	start_with(NULL);
}
END_TEST

static Suite *
http_suite(void)
{
	Suite *s = suite_create("http");
	TCase *tc = tcase_create("http");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_galt_holder);
	tcase_add_test(tc, test_traffic_and_sync);
	tcase_add_test(tc, test_traffic_bytes);
	tcase_add_test(tc, test_traffic_bytes_fom_grown);
	tcase_add_test(tc, test_source_suppressed);
	tcase_add_test(tc, test_hostile_names);
	tcase_add_test(tc, test_errors_and_page);
	tcase_add_test(tc, test_auth);
	tcase_add_test(tc, test_max_clients);
	tcase_add_test(tc, test_response_cap);
	tcase_add_test(tc, test_client_never_reads);
	tcase_add_test(tc, test_rtictl_and_int64);
	tcase_add_test(tc, test_save_restore);
	tcase_add_test(tc, test_slowloris);
	tcase_add_test(tc, test_heavy_documents);
	suite_add_tcase(s, tc);

	tc = tcase_create("operator");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_events);
	tcase_add_test(tc, test_events_bounded);
	tcase_add_test(tc, test_requests_counted);
	tcase_add_test(tc, test_traffic_kept);
	tcase_add_test(tc, test_rates);
	tcase_add_test(tc, test_heartbeat_view);
	tcase_add_test(tc, test_rtictl_events);
	tcase_add_test(tc, test_event_evicted);
	tcase_add_test(tc, test_event_slow_consumer);
	tcase_add_test(tc, test_event_save_failed);
	tcase_add_test(tc, test_stop_reason);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(http_suite());
	int failed;

	signal(SIGPIPE, SIG_IGN);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
