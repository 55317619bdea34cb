/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_fomload.c - rtiexec's FOM loader without a server: the module name
 * rule, confinement beneath a directory (openat2 and the component-wise
 * walk used where the kernel lacks it, which must agree on every case),
 * the size limits, and the worker's bounded queue and shutdown.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "librti.h"
#include "fomload.h"

static char top[64];   /* top/d is the directory names resolve beneath */
static char dir[80];

static const char good_fom[] =
    "<objectModel><objects><objectClass><name>HLAobjectRoot</name>"
    "<objectClass><name>A</name><attribute><name>x</name></attribute>"
    "</objectClass></objectClass></objects></objectModel>";

static const char *
at(const char *rel)
{
	static char buf[4][256];
	static int k;
	char *p = buf[k++ % 4];

	snprintf(p, 256, "%s/%s", top, rel);
	return p;
}

static void
put(const char *rel, const char *text)
{
	FILE *fp = fopen(at(rel), "w");

	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
}

static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	return remove(path);
}

static void
setup(void)
{
	snprintf(top, sizeof top, "/tmp/rti-fomunit-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(dir, sizeof dir, "%s/d", top);
	ck_assert_int_eq(mkdir(dir, 0755), 0);
	ck_assert_int_eq(mkdir(at("d/sub"), 0755), 0);
	ck_assert_int_eq(mkdir(at("d/sub/deeper"), 0755), 0);
	put("outside.xml", good_fom);
	put("d/ok.xml", good_fom);
	put("d/sub/inner.xml", good_fom);
	put("d/sub/deeper/d.xml", good_fom);
	ck_assert_int_eq(symlink("ok.xml", at("d/in_link")), 0);
	ck_assert_int_eq(symlink("sub/inner.xml", at("d/sub_link")), 0);
	ck_assert_int_eq(symlink("sub", at("d/dir_link")), 0);
	ck_assert_int_eq(symlink("../ok.xml", at("d/sub/up_in")), 0);
	ck_assert_int_eq(symlink("deeper/../../ok.xml",
	    at("d/sub/zigzag")), 0);
	ck_assert_int_eq(symlink("../../outside.xml", at("d/sub/up_out")), 0);
	ck_assert_int_eq(symlink("../outside.xml", at("d/out_link")), 0);
	ck_assert_int_eq(symlink(at("outside.xml"), at("d/abs_link")), 0);
	ck_assert_int_eq(symlink(at("d/ok.xml"), at("d/abs_in_link")), 0);
	ck_assert_int_eq(symlink("../missing.xml", at("d/dangling_out")), 0);
	ck_assert_int_eq(symlink("nothere.xml", at("d/dangling_in")), 0);
	ck_assert_int_eq(symlink("loop2", at("d/loop1")), 0);
	ck_assert_int_eq(symlink("loop1", at("d/loop2")), 0);
	ck_assert_int_eq(symlink("/proc/self/fd/0", at("d/magic")), 0);
	ck_assert_int_eq(symlink("ok.xml/", at("d/slash_link")), 0);
	ck_assert_int_eq(mkfifo(at("d/fifo"), 0644), 0);
}

static void
teardown(void)
{
	nftw(top, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

START_TEST(test_name_rule)
{
	static const char *const ok[] = { "a.xml", "RPR-Base_v2.0.xml",
		"sub/a.xml", "a b/c d.xml", "caf\xc3\xa9.xml", "...",
		".hidden.xml", "a..b", "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p" };
	static const char *const bad[] = { "", "/", "/a.xml", "../a.xml",
		"a/../b", "..", ".", "./a", "a/./b", "a//b", "a/", "a\nb",
		"a\tb", "a\x7f", "\x1b[31m",
		"a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q" };
	char longc[NAME_MAX + 2];
	size_t i;

	for (i = 0; i < sizeof ok / sizeof *ok; i++)
		ck_assert_msg(fomload_name_ok(ok[i]), "refused '%s'", ok[i]);
	for (i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_msg(!fomload_name_ok(bad[i]), "accepted '%s'",
		    bad[i]);
	ck_assert(!fomload_name_ok(NULL));
	memset(longc, 'x', NAME_MAX);
	longc[NAME_MAX] = '\0';
	ck_assert(fomload_name_ok(longc));
	longc[NAME_MAX] = 'x';
	longc[NAME_MAX + 1] = '\0';
	ck_assert(!fomload_name_ok(longc));
}
END_TEST

/* Outcome of opening `name` beneath `dir` with `how`: 0 for a regular
 * file, 1 for another kind of file, else -errno. */
static int
outcome(int dfd, const char *name, int how)
{
	struct stat st;
	int fd = fomload_open_beneath(dfd, name, how), rc;

	if (fd < 0)
		return -errno;
	ck_assert_int_eq(fstat(fd, &st), 0);
	rc = S_ISREG(st.st_mode) ? 0 : 1;
	close(fd);
	return rc;
}

/* Both resolvers give the expected outcome for every name, and so agree:
 * what rtiexec allows does not depend on the kernel. */
START_TEST(test_open_beneath)
{
	static const struct {
		const char *name;
		int want;
	} cases[] = {
		{ "ok.xml", 0 },
		{ "sub/inner.xml", 0 },
		{ "sub/deeper/d.xml", 0 },
		{ "in_link", 0 },
		{ "sub_link", 0 },
		{ "dir_link/inner.xml", 0 },
		{ "sub/up_in", 0 },
		{ "sub/zigzag", 0 },
		{ "sub/../ok.xml", 0 },       /* '..' that stays inside */
		{ "sub", 1 },                  /* a directory */
		{ "sub/", 1 },
		{ "fifo", 1 },                 /* opened at once, not read */
		{ "missing.xml", -ENOENT },
		{ "sub/missing.xml", -ENOENT },
		{ "missing/x.xml", -ENOENT },
		{ "dangling_in", -ENOENT },
		{ "ok.xml/", -ENOTDIR },
		{ "ok.xml/x", -ENOTDIR },
		{ "slash_link", -ENOTDIR },
		{ "../outside.xml", -EXDEV },
		{ "sub/../../outside.xml", -EXDEV },
		{ "../d/ok.xml", -EXDEV },     /* back in, but it went out */
		{ "sub/up_out", -EXDEV },
		{ "out_link", -EXDEV },
		{ "abs_link", -EXDEV },
		{ "abs_in_link", -EXDEV },     /* absolute, even if inside */
		{ "dangling_out", -EXDEV },
		{ "/etc/hostname", -EXDEV },
		{ "magic", -EXDEV },
		{ "loop1", -ELOOP },
	};
	int dfd = open(dir, O_RDONLY | O_DIRECTORY), lowest;
	size_t i;

	ck_assert_int_ge(dfd, 0);
	lowest = dup(0);
	close(lowest);
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		int a = outcome(dfd, cases[i].name, FOMLOAD_RESOLVE_AUTO);
		int w = outcome(dfd, cases[i].name, FOMLOAD_RESOLVE_WALK);

		ck_assert_msg(a == cases[i].want, "openat2 '%s': %d (%s), "
		    "want %d", cases[i].name, a, a < 0 ? strerror(-a) : "",
		    cases[i].want);
		ck_assert_msg(w == cases[i].want, "walk '%s': %d (%s), want "
		    "%d", cases[i].name, w, w < 0 ? strerror(-w) : "",
		    cases[i].want);
	}
	/* no descriptor left open by either */
	i = (size_t)dup(0);
	close((int)i);
	ck_assert_int_eq((int)i, lowest);
	close(dfd);
}
END_TEST

/* One named module loaded with FOM path `path`; the outcome's error. */
static int
load_one(const char *path, int kind, const char *name,
    struct fomload_out *out)
{
	struct fomload_src src;

	memset(&src, 0, sizeof src);
	src.kind = kind;
	src.name = (char *)(uintptr_t)name;
	(void)fomload_load(path, &src, 1, out, NULL);
	return out->err;
}

START_TEST(test_load)
{
	char path[256];
	struct fomload_out out;

	/* a second directory in the path, searched after the first */
	ck_assert_int_eq(mkdir(at("d2"), 0755), 0);
	put("d2/only2.xml", good_fom);
	snprintf(path, sizeof path, "%s/none::%s:%s", top, dir, at("d2"));

	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, "ok.xml", &out),
	    RTI_OK);
	/* module 0 is rti's MIM, merged first; the texts go to joiners */
	ck_assert_uint_eq(out.n, 2);
	ck_assert_str_eq(out.names[0], "HLAstandardMIM");
	ck_assert_uint_eq(out.len[0], fom_mim_xml_len);
	ck_assert_int_eq(memcmp(out.xml[0], fom_mim_xml, fom_mim_xml_len), 0);
	ck_assert_str_eq(out.names[1], "ok.xml");
	ck_assert_uint_eq(out.len[1], strlen(good_fom));
	ck_assert_str_eq(out.xml[1], good_fom);
	ck_assert_uint_ne(fom_oclass_by_name(out.fom, "A"), 0);
	ck_assert_uint_ne(fom_oclass_by_name(out.fom,
	    "HLAobjectRoot.HLAmanager.HLAfederate"), 0);
	fomload_out_free(&out);
	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, "only2.xml", &out),
	    RTI_OK);
	fomload_out_free(&out);

	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, "out_link", &out),
	    RTI_ERR_COULD_NOT_OPEN_FDD);
	ck_assert_str_eq(out.msg,
	    "FOM module 'out_link' not found in the FOM path");
	ck_assert_ptr_nonnull(strstr(out.why, "leads outside"));
	ck_assert_int_eq(out.warn, 1);
	fomload_out_free(&out);
	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, "nope.xml", &out),
	    RTI_ERR_COULD_NOT_OPEN_FDD);
	ck_assert_str_eq(out.msg,
	    "FOM module 'nope.xml' not found in the FOM path");
	ck_assert_int_eq(out.warn, 0);
	fomload_out_free(&out);
	/* control characters never reach a message */
	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, "a\nb\x1b", &out),
	    RTI_ERR_COULD_NOT_OPEN_FDD);
	ck_assert_str_eq(out.msg,
	    "FOM module 'a?b?' not found in the FOM path");
	fomload_out_free(&out);
	/* a client's absolute name, even of an existing file */
	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, at("outside.xml"),
	    &out), RTI_ERR_COULD_NOT_OPEN_FDD);
	fomload_out_free(&out);
	/* ... is fine as the operator's path */
	ck_assert_int_eq(load_one(path, FOMLOAD_PATH, at("outside.xml"),
	    &out), RTI_OK);
	fomload_out_free(&out);
	ck_assert_int_eq(load_one(path, FOMLOAD_PATH, "sub/inner.xml", &out),
	    RTI_OK);
	fomload_out_free(&out);
	ck_assert_int_eq(load_one(NULL, FOMLOAD_NAME, "ok.xml", &out),
	    RTI_ERR_COULD_NOT_OPEN_FDD);
	fomload_out_free(&out);

	/* a FIFO, as a name or the operator's path: refused, not opened
	 * (nothing writes to it: open() would wait for ever, and the test's
	 * timeout would end it) */
	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, "fifo", &out),
	    RTI_ERR_COULD_NOT_OPEN_FDD);
	ck_assert_ptr_nonnull(strstr(out.why, "a FIFO"));
	fomload_out_free(&out);
	ck_assert_int_eq(load_one(path, FOMLOAD_PATH, at("d/fifo"), &out),
	    RTI_ERR_COULD_NOT_OPEN_FDD);
	fomload_out_free(&out);

	put("d/broken.xml", "<objectModel><objects>");
	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, "broken.xml", &out),
	    RTI_ERR_ERROR_READING_FDD);
	ck_assert_ptr_nonnull(strstr(out.msg, "broken.xml:"));
	fomload_out_free(&out);
}
END_TEST

START_TEST(test_limits)
{
	struct fomload_src src[3];
	struct fomload_out out;
	char path[128], *pad;
	size_t big = 12u * 1024 * 1024, i;
	FILE *fp;
	int fd;

	snprintf(path, sizeof path, "%s", dir);
	/* a module one byte over the limit, refused before reading */
	fd = open(at("d/huge.xml"), O_WRONLY | O_CREAT, 0644);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, FOMLOAD_MAX_MODULE + 1), 0);
	close(fd);
	ck_assert_int_eq(load_one(path, FOMLOAD_NAME, "huge.xml", &out),
	    RTI_ERR_ERROR_READING_FDD);
	ck_assert_str_eq(out.msg,
	    "FOM module 'huge.xml' is larger than 16777216 bytes");
	fomload_out_free(&out);

	/* three valid 12 MiB modules (comments of 1 MiB, below libxml2's
	 * text limit): the third passes the total */
	fp = fopen(at("d/pad.xml"), "w");
	ck_assert_ptr_nonnull(fp);
	pad = malloc(1u << 20);
	ck_assert_ptr_nonnull(pad);
	memset(pad, 'x', 1u << 20);
	fprintf(fp, "<objectModel>");
	for (i = 0; i < 12; i++) {
		fprintf(fp, "<!--");
		fwrite(pad, 1, (1u << 20) - 8, fp);
		fprintf(fp, "-->\n");
	}
	fprintf(fp, "</objectModel>");
	fclose(fp);
	free(pad);
	memset(src, 0, sizeof src);
	for (i = 0; i < 3; i++) {
		src[i].kind = FOMLOAD_NAME;
		src[i].name = (char *)"pad.xml";
	}
	ck_assert_int_eq(fomload_load(path, src, 3, &out, NULL), -1);
	ck_assert_int_eq(out.err, RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_str_eq(out.msg,
	    "the FOM modules are larger than 33554432 bytes together");
	fomload_out_free(&out);
	ck_assert_int_eq(fomload_load(path, src, 2, &out, NULL), 0);
	fomload_out_free(&out);

	/* content: checked before it is copied */
	memset(src, 0, sizeof src);
	src[0].kind = FOMLOAD_CONTENT;
	src[0].name = (char *)"c0";
	src[0].len = FOMLOAD_MAX_MODULE + 1;
	memset(&out, 0, sizeof out);
	ck_assert_int_eq(fomload_check_content(src, 1, &out), -1);
	ck_assert_int_eq(out.err, RTI_ERR_ERROR_READING_FDD);
	for (i = 0; i < 3; i++) {
		src[i].kind = FOMLOAD_CONTENT;
		src[i].name = (char *)"c";
		src[i].len = big;
	}
	ck_assert_int_eq(fomload_check_content(src, 2, &out), 0);
	ck_assert_int_eq(fomload_check_content(src, 3, &out), -1);
	ck_assert_int_eq(out.err, RTI_ERR_LIMIT_EXCEEDED);
}
END_TEST

START_TEST(test_merge_and_stop)
{
	struct fomload_src src[2];
	struct fomload_out out;
	atomic_int stop;

	memset(src, 0, sizeof src);
	src[0].kind = FOMLOAD_CONTENT;
	src[0].name = (char *)"one";
	src[0].xml = strdup(good_fom);
	src[0].len = strlen(good_fom);
	src[1].kind = FOMLOAD_CONTENT;
	src[1].name = (char *)"two";
	src[1].xml = strdup("<objectModel><objects><objectClass><name>"
	    "HLAobjectRoot</name><objectClass><name>A</name><attribute>"
	    "<name>y</name></attribute></objectClass></objectClass>"
	    "</objects></objectModel>");
	src[1].len = strlen(src[1].xml);
	ck_assert_int_eq(fomload_load(NULL, src, 2, &out, NULL), -1);
	ck_assert_int_eq(out.err, RTI_ERR_INCONSISTENT_FDD);
	ck_assert_ptr_nonnull(strstr(out.msg, "two:"));
	/* the texts were consumed */
	ck_assert_ptr_null(src[0].xml);
	ck_assert_ptr_null(src[1].xml);
	fomload_out_free(&out);

	src[0].xml = strdup(good_fom);
	atomic_init(&stop, 1);
	ck_assert_int_eq(fomload_load(NULL, src, 1, &out, &stop), -1);
	ck_assert_int_eq(out.err, RTI_ERR_INTERNAL_ERROR);
	ck_assert_ptr_null(src[0].xml);
	fomload_out_free(&out);
}
END_TEST

static int n_done;

static void
job_done(struct fomload_job *job, void *arg)
{
	struct event_base *base = arg;

	ck_assert_int_eq(job->out.err, RTI_OK);
	ck_assert_uint_ne(fom_oclass_by_name(job->out.fom, "A"), 0);
	fomload_job_free(job);
	if (++n_done == (int)FOMLOAD_MAX_JOBS)
		event_base_loopbreak(base);
}

static struct fomload_job *
ok_job(struct event_base *base)
{
	struct fomload_job *job = fomload_job_new(1);

	ck_assert_ptr_nonnull(job);
	job->src[0].kind = FOMLOAD_NAME;
	job->src[0].name = strdup("ok.xml");
	job->done = job_done;
	job->arg = base;
	return job;
}

/* The queue holds FOMLOAD_MAX_JOBS, delivers each on the loop, and frees
 * what is left when stopped with jobs in it. */
START_TEST(test_worker)
{
	struct event_base *base = event_base_new();
	struct fomload *w;
	struct fomload_job *extra;
	struct timeval tv = { 20, 0 };
	unsigned i;

	ck_assert_ptr_nonnull(base);
	w = fomload_new(base, dir);
	ck_assert_ptr_nonnull(w);
	n_done = 0;
	for (i = 0; i < FOMLOAD_MAX_JOBS; i++)
		ck_assert_int_eq(fomload_submit(w, ok_job(base)), 0);
	ck_assert_int_eq(fomload_room(w), 0);
	extra = ok_job(base);
	ck_assert_int_eq(fomload_submit(w, extra), -1);
	event_base_loopexit(base, &tv);
	event_base_dispatch(base);
	ck_assert_int_eq(n_done, (int)FOMLOAD_MAX_JOBS);
	ck_assert_int_eq(fomload_room(w), 1);
	ck_assert_int_eq(fomload_submit(w, extra), 0);
	for (i = 1; i < FOMLOAD_MAX_JOBS; i++)
		ck_assert_int_eq(fomload_submit(w, ok_job(base)), 0);
	/* stopped with jobs queued, running or done: all freed, none
	 * delivered */
	fomload_free(w);
	ck_assert_int_eq(n_done, (int)FOMLOAD_MAX_JOBS);
	event_base_free(base);
}
END_TEST

static Suite *
fomload_suite(void)
{
	Suite *s = suite_create("fomload-unit");
	TCase *tc = tcase_create("fomload");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_name_rule);
	tcase_add_test(tc, test_open_beneath);
	tcase_add_test(tc, test_load);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_merge_and_stop);
	tcase_add_test(tc, test_worker);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(fomload_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
