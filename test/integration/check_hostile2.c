/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_hostile2.c - hostile clients, second round, against a real
 * rtiexec: idle connections that would hold every handshake slot, names
 * that would forge log lines, and the budgets of what clients can make
 * rtiexec hold (federations, FOMs, partial frames, saves).
 */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

#define HELLO_FOM TEST_FOM("HelloWorld.xml")

/* A TCP connection to `r` from 127.0.0.`host`. */
static int
connect_from(const struct rtiexec *r, int host)
{
	struct sockaddr_in sa, me;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	memset(&me, 0, sizeof me);
	me.sin_family = AF_INET;
	me.sin_addr.s_addr = htonl(0x7f000000u | (uint32_t)host);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&me, sizeof me), 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)r->port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

/* 1 when rtiexec closed `fd` (or said something on it: a HELLO_NAK). */
static int
was_closed(int fd, char *nak, size_t len)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	unsigned char buf[512];
	ssize_t n;

	if (poll(&p, 1, 0) <= 0)
		return 0;
	n = recv(fd, buf, sizeof buf - 1, MSG_DONTWAIT);
	if (n < 0 && errno == EAGAIN)
		return 0;
	/* a HELLO_NAK: u32 len, u16 type 3, u16 flags, u32 err, str */
	if (n > 16 && buf[5] == 3 && nak) {
		size_t l = (size_t)buf[14] << 8 | buf[15];

		if (l > (size_t)n - 16)
			l = (size_t)n - 16;
		if (l >= len)
			l = len - 1;
		memcpy(nak, buf + 16, l);
		nak[l] = '\0';
	}
	return 1;
}

/* An idle flood: `n` connections from 127.0.0.first.. (per_host from
 * each) that never say HELLO, each reopened as soon as rtiexec closes it,
 * as a client that wants the slots held would. */
struct flood {
	const struct rtiexec *r;
	int fd[128];
	int n, first, per_host;
	int reopened;
	int evicted;          /* closes told "... make room" */
};

static void
flood_top_up(struct flood *f)
{
	char nak[256];
	int i;

	for (i = 0; i < f->n; i++) {
		if (f->fd[i] >= 0) {
			nak[0] = '\0';
			if (!was_closed(f->fd[i], nak, sizeof nak))
				continue;
			f->evicted += strstr(nak, "make room") != NULL;
			close(f->fd[i]);
			f->reopened++;
		}
		f->fd[i] = connect_from(f->r, f->first + i / f->per_host);
	}
}

static void
flood_end(struct flood *f)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (f->fd[i] >= 0)
			close(f->fd[i]);
}

/*
 * Item: idle connections must not lock federates out.  10 connections
 * from 127.0.0.1 that never say HELLO fill --per-source-max-startups
 * (10), kept full by reopening; 21 federates from the same address still
 * join one after the other: each new connection takes the place of the
 * oldest idle one, which is told why.
 */
START_TEST(test_idle_per_source)
{
	struct rtiexec r;
	struct flood f = { .n = 10, .first = 1, .per_host = 10 };
	struct tfed *a;
	int i, joined = 0;
	char name[32];

	ck_assert_int_eq(rtiexec_start(&r, NULL), 0);
	f.r = &r;
	for (i = 0; i < f.n; i++)
		f.fd[i] = -1;
	a = tfed_new(&r);
	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(tfed_create_join(a, "F", HELLO_FOM, "A"), RTI_OK);
	for (i = 0; i < 21; i++) {
		struct tfed *t;

		flood_top_up(&f);
		t = tfed_new(&r);
		if (!t)
			continue;
		snprintf(name, sizeof name, "j%d", i);
		if (rti_join_federation_execution(t->amb, name, "t", "F",
		    NULL) == RTI_OK)
			joined++;
		tfed_free(t);
	}
	flood_top_up(&f);
	ck_assert_int_eq(joined, 21);
	ck_assert_int_gt(f.evicted, 0);
	ck_assert(rtiexec_log_has(&r, "closed to make room"));
	flood_end(&f);
	tfed_free(a);
	ck_assert_int_eq(rtiexec_stop(&r), 0);
}
END_TEST

static void
write_key(char *path, size_t len)
{
	FILE *fp;

	snprintf(path, len, "/tmp/rti-hostile2-key-%d", (int)getpid());
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("hostile2-key\n", fp);
	fclose(fp);
}

/*
 * The same against --max-startups 64 with a key: 70 idle connections
 * from 127.0.0.2..8 (10 each) keep every startup slot taken; 15 keyed
 * federates from 127.0.0.1 join.
 */
START_TEST(test_idle_max_startups_keyed)
{
	char key[128];
	const char *args[] = { "--max-startups", "64", "--auth-key-file",
		key, NULL };
	struct rtiexec r;
	struct flood f = { .n = 70, .first = 2, .per_host = 10 };
	struct rti_callbacks cb;
	int i, joined = 0;
	char name[32];

	write_key(key, sizeof key);
	ck_assert_int_eq(rtiexec_start(&r, args), 0);
	f.r = &r;
	for (i = 0; i < f.n; i++)
		f.fd[i] = -1;
	tfed_callbacks(&cb);
	for (i = 0; i < 15; i++) {
		struct tfed *t = calloc(1, sizeof *t);
		int rc;

		flood_top_up(&f);
		ck_assert_ptr_nonnull(t);
		t->amb = rti_ambassador_new();
		ck_assert_int_eq(rti_set_auth_key(t->amb, "hostile2-key", 12),
		    RTI_OK);
		rc = rti_connect(t->amb, r.url, &cb, t);
		ck_assert_msg(rc == RTI_OK, "keyed connect %d: %s", i,
		    rti_error_message(t->amb));
		snprintf(name, sizeof name, "k%d", i);
		if (i == 0)
			rc = tfed_create_join(t, "F", HELLO_FOM, name);
		else
			rc = rti_join_federation_execution(t->amb, name, "t",
			    "F", NULL);
		joined += rc == RTI_OK;
		tfed_free(t);
	}
	ck_assert_int_eq(joined, 15);
	ck_assert(rtiexec_log_has(&r, "(--max-startups)"));
	flood_end(&f);
	unlink(key);
	ck_assert_int_eq(rtiexec_stop(&r), 0);
}
END_TEST

/* The whole log of `r`, NUL-terminated (malloc'd). */
static char *
log_text(const struct rtiexec *r, size_t *n)
{
	FILE *fp = fopen(r->log, "rb");
	char *buf;
	long len;

	ck_assert_ptr_nonnull(fp);
	fseek(fp, 0, SEEK_END);
	len = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(buf);
	*n = fread(buf, 1, (size_t)len, fp);
	buf[*n] = '\0';
	fclose(fp);
	return buf;
}

/*
 * Item: what clients name is logged escaped.  A federation named to
 * forge a line, a federate named with a terminal colour sequence, a type
 * with a carriage return, bytes that are not UTF-8 and a right-to-left
 * override: every line of the log starts with "rtiexec ", no forged line
 * and no control byte reaches it, and the names appear escaped.
 */
START_TEST(test_log_injection)
{
	static const char fx[] = "L\nrtiexec 00:00:00.000 error: FORGED";
	static const char fed[] = "\x1b[31mRED\x1b[0m\xff\xfe";
	static const char type[] = "t\rrtiexec 00:00:00.000 error: TYPE"
	    "\xe2\x80\xae";
	const char *mods[1] = { HELLO_FOM };
	struct rtiexec r;
	struct tfed *a;
	char *log, *line;
	size_t n, i;

	ck_assert_int_eq(rtiexec_start(&r, NULL), 0);
	a = tfed_new(&r);
	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, fx, mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, fed, type, fx,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, fx),
	    RTI_OK);
	tfed_free(a);
	log = log_text(&r, &n);
	ck_assert_int_eq(rtiexec_stop(&r), 0);
	for (i = 0; i < n; i++)
		ck_assert_msg(log[i] == '\n' || ((unsigned char)log[i] >= 0x20 &&
		    log[i] != 0x7f), "control byte 0x%02x in the log at %zu",
		    (unsigned char)log[i], i);
	ck_assert_ptr_null(strstr(log, "\xe2\x80\xae"));
	ck_assert_ptr_null(strstr(log, "\xff"));
	for (line = log; *line; ) {
		char *nl = strchr(line, '\n');

		ck_assert_msg(strncmp(line, "rtiexec ", 8) == 0 &&
		    strncmp(line, "rtiexec 00:00:00.000", 20) != 0,
		    "forged or broken line: %.80s", line);
		if (!nl)
			break;
		line = nl + 1;
	}
	ck_assert_ptr_nonnull(strstr(log, "L\\nrtiexec 00:00:00.000 error: "
	    "FORGED"));
	ck_assert_ptr_nonnull(strstr(log, "\\e[31mRED\\e[0m\\xff\\xfe"));
	ck_assert_ptr_nonnull(strstr(log, "t\\rrtiexec"));
	ck_assert_ptr_nonnull(strstr(log, "\\u{202E}"));
	free(log);
}
END_TEST


/* A FOM module file of about `mb` MiB: HelloWorld.xml's model after a
 * comment of that size (a legal module); its path in `path`. */
static void
big_fom(char *path, size_t len, int mb)
{
	FILE *in = fopen(HELLO_FOM, "r"), *out;
	char line[4096], *pad;
	int decl = 1;

	snprintf(path, len, "/tmp/rti-hostile2-fom-%d-%d.xml", (int)getpid(),
	    mb);
	ck_assert_ptr_nonnull(in);
	ck_assert_ptr_nonnull(out = fopen(path, "w"));
	pad = malloc(1024 * 1024);
	ck_assert_ptr_nonnull(pad);
	memset(pad, 'p', 1024 * 1024);
	while (fgets(line, sizeof line, in)) {
		fputs(line, out);
		if (decl && strstr(line, "?>")) {
			int i;

			decl = 0;
			fputs("<!--", out);
			for (i = 0; i < mb; i++)
				fwrite(pad, 1, 1024 * 1024, out);
			fputs("-->\n", out);
		}
	}
	free(pad);
	fclose(in);
	ck_assert_int_eq(fclose(out), 0);
}

/*
 * Item: an overall bound on what clients make rtiexec hold.
 * --max-federations 2: a third create is refused (LIMIT_EXCEEDED, the
 * flag named) until one is destroyed.  --max-memory 40 MiB: a federation
 * of a 6 MiB FOM fits (counted as 4 times its text), a second is refused
 * with LIMIT_EXCEEDED, and /metrics shows the budget, what is held and
 * the refusal.  Connections past their HELLO that send the start of
 * 16 MiB frames are closed once their input would pass the budget,
 * while the federate already joined goes on.
 */
START_TEST(test_memory_budget)
{
	static const char *const fx2[] = { "--max-federations", "2", NULL };
	static const char *const mem[] = { "--max-memory", "41943040", NULL };
	const char *mods[1];
	char fom[256];
	struct rtiexec r;
	struct tfed *a;
	int port, i, closed = 0;

	ck_assert_int_eq(rtiexec_start(&r, fx2), 0);
	a = tfed_new(&r);
	ck_assert_ptr_nonnull(a);
	mods[0] = HELLO_FOM;
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "A", mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "B", mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "C", mods, 1,
	    NULL), RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_msg(strstr(rti_error_message(a->amb), "--max-federations"),
	    "%s", rti_error_message(a->amb));
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "B"),
	    RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "C", mods, 1,
	    NULL), RTI_OK);
	tfed_free(a);
	ck_assert_int_eq(rtiexec_stop(&r), 0);

	big_fom(fom, sizeof fom, 6);
	port = rtiexec_start_http(&r, mem);
	ck_assert_int_gt(port, 0);
	a = tfed_new(&r);
	ck_assert_ptr_nonnull(a);
	mods[0] = fom;
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "A", mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "B", mods, 1,
	    NULL), RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_msg(strstr(rti_error_message(a->amb), "--max-memory"),
	    "%s", rti_error_message(a->amb));
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "a", "t", "A",
	    NULL), RTI_OK);
	/* a join's modules count as a create's */
	{
		struct tfed *b = tfed_new(&r);
		char fom5[256];

		ck_assert_ptr_nonnull(b);
		big_fom(fom5, sizeof fom5, 5);
		mods[0] = fom5;
		ck_assert_int_eq(rti_join_federation_execution_with_modules(
		    b->amb, "b", "t", "A", mods, 1, NULL),
		    RTI_ERR_LIMIT_EXCEEDED);
		ck_assert_msg(strstr(rti_error_message(b->amb),
		    "--max-memory"), "%s", rti_error_message(b->amb));
		tfed_free(b);
		unlink(fom5);
	}
	ck_assert_uint_eq(rtiexec_metric("127.0.0.1", port,
	    "rti_memory_budget_bytes", NULL), 41943040);
	ck_assert_uint_ge(rtiexec_metric("127.0.0.1", port,
	    "rti_memory_fom_bytes", NULL), 24u << 20);
	ck_assert_uint_ge(rtiexec_metric("127.0.0.1", port,
	    "rti_memory_refused_total", NULL), 1);
	ck_assert_uint_eq(rtiexec_metric("127.0.0.1", port,
	    "rti_federations", NULL), 1);
	/* partial frames past the handshake */
	{
		static const unsigned char hello[] = { 0, 0, 0, 10, 0, 1, 0, 0,
			0x48, 0x52, 0x49, 0x31, 0, 1, 0, 0, 0, 0 };
		unsigned char *part = calloc(1, (4 << 20) + 8);
		int fd[6];

		ck_assert_ptr_nonnull(part);
		part[0] = 1;            /* 16 MiB */
		part[5] = 0x77;
		for (i = 0; i < 6; i++) {
			struct pollfd pf;
			size_t done = 0;
			double end = tfed_now() + 5;

			fd[i] = connect_from(&r, 1);
			ck_assert_int_eq(write(fd[i], hello, sizeof hello),
			    (ssize_t)sizeof hello);
			while (done < (4u << 20) + 8 && tfed_now() < end) {
				ssize_t k = send(fd[i], part + done,
				    (4u << 20) + 8 - done,
				    MSG_DONTWAIT | MSG_NOSIGNAL);

				if (k > 0) {
					done += (size_t)k;
					continue;
				}
				if (k < 0 && errno != EAGAIN)
					break;
				pf.fd = fd[i];
				pf.events = POLLOUT;
				(void)poll(&pf, 1, 20);
			}
		}
		ck_assert_int_eq(rti_register_federation_synchronization_point(
		    a->amb, "still", NULL, 0, NULL, 0), RTI_OK);
		ck_assert(tfed_wait(a, "announce:still"));
		for (i = 0; i < 6; i++) {
			char buf[64];
			struct pollfd pf = { .fd = fd[i], .events = POLLIN };
			double end = tfed_now() + 2;

			while (tfed_now() < end && poll(&pf, 1, 50) == 0)
				;
			while (recv(fd[i], buf, sizeof buf, MSG_DONTWAIT) > 0)
				;
			closed += recv(fd[i], buf, sizeof buf,
			    MSG_DONTWAIT) == 0;
			close(fd[i]);
		}
		free(part);
	}
	ck_assert_int_gt(closed, 0);
	ck_assert(rtiexec_log_has(&r, "would pass the memory budget"));
	tfed_free(a);
	unlink(fom);
	ck_assert_int_eq(rtiexec_stop(&r), 0);
}
END_TEST

static Suite *
suite(void)
{
	const struct {
		const char *name;
		const TTest *fn;
	} tests[] = {
		{ "idle_per_source", test_idle_per_source },
		{ "idle_max_startups", test_idle_max_startups_keyed },
		{ "log_injection", test_log_injection },
		{ "memory_budget", test_memory_budget },
	};
	Suite *s = suite_create("hostile2");
	size_t i;

	/* one case each: CK_RUN_CASE=log_injection runs one */
	for (i = 0; i < sizeof tests / sizeof tests[0]; i++) {
		TCase *tc = tcase_create(tests[i].name);

		tcase_set_timeout(tc, 120);
		tcase_add_test(tc, tests[i].fn);
		suite_add_tcase(s, tc);
	}
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
