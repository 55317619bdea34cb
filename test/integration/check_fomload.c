/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_fomload.c - FOM modules named by federates, against a real
 * rtiexec: names resolve only inside --fom-path, with one answer for
 * every file that is not there to be had; a FIFO, a large FOM or a slow
 * load never stalls the other federates; creates, joins and pipelined
 * requests keep their order while a load is in progress; shutdown in the
 * middle of a load is clean.
 *
 * librti reads a module itself when it can and sends the text, so the
 * names whose resolution by rtiexec is under test are sent over a raw
 * connection (or are names the test process cannot open).
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "wire.h"

#define MSG_SHAPE "FOM module 'NAME' not found in the FOM path"
/* How long a raw request may wait for its reply (a large create under
 * valgrind takes a while). */
#define REPLY_WAIT 60.0

/* Built with ASan: allocation costs far more (the loader's wide classes
 * grow by realloc), so the large FOM is smaller. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static struct rtiexec rx;
static char top[128];       /* temp tree: top/foms is the FOM path */
static char foms[160];
static int under_wrapper;   /* valgrind: slow, so smaller and untimed */

static const char small_fom[] =
    "<?xml version=\"1.0\"?>\n"
    "<objectModel xmlns=\"http://standards.ieee.org/IEEE1516-2010\">"
    "<objects><objectClass><name>HLAobjectRoot</name>"
    "<objectClass><name>Thing</name><sharing>PublishSubscribe</sharing>"
    "<attribute><name>x</name></attribute></objectClass>"
    "</objectClass></objects></objectModel>\n";

/* ---- files ---- */

static void
put_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	ck_assert_msg(fp != NULL, "%s: %s", path, strerror(errno));
	fputs(text, fp);
	fclose(fp);
}

static const char *
in_top(const char *rel)
{
	static char buf[4][512];
	static int k;
	char *p = buf[k++ % 4];

	snprintf(p, 512, "%s/%s", top, rel);
	return p;
}

/*
 * A large FOM module at `path`: `n_obj` object classes with two attributes
 * and `n_int` interaction classes with two parameters, named with
 * `prefix`; optionally broken at the very end (an attribute without a
 * name), so that it fails only after a whole parse.
 *
 * As many object classes as interaction classes: what rtiexec builds on
 * the event loop for a new federation must not grow with (object classes
 * x attributes), as OM's class table once did (a bit set of every class's
 * attributes: 400 MB and most of a second here for this FOM).
 */
static void
big_fom(const char *path, const char *prefix, unsigned n_obj, unsigned n_int,
    int broken)
{
	FILE *fp = fopen(path, "w");
	unsigned i;

	ck_assert_ptr_nonnull(fp);
	fputs("<?xml version=\"1.0\"?>\n<objectModel xmlns=\"http://"
	    "standards.ieee.org/IEEE1516-2010\"><objects><objectClass>"
	    "<name>HLAobjectRoot</name>\n", fp);
	for (i = 0; i < n_obj; i++)
		fprintf(fp, "<objectClass><name>%sC%u</name><sharing>"
		    "PublishSubscribe</sharing><attribute><name>a</name>"
		    "<transportation>HLAreliable</transportation><order>"
		    "Receive</order></attribute><attribute><name>b</name>"
		    "</attribute></objectClass>\n", prefix, i);
	if (broken)
		fputs("<objectClass><name>Bad</name><attribute>"
		    "</attribute></objectClass>\n", fp);
	fputs("</objectClass></objects><interactions><interactionClass>"
	    "<name>HLAinteractionRoot</name>\n", fp);
	for (i = 0; i < n_int; i++)
		fprintf(fp, "<interactionClass><name>%sI%u</name><sharing>"
		    "PublishSubscribe</sharing><transportation>HLAreliable"
		    "</transportation><order>Receive</order><parameter><name>"
		    "p</name></parameter><parameter><name>q</name>"
		    "</parameter></interactionClass>\n", prefix, i);
	fputs("</interactionClass></interactions></objectModel>\n", fp);
	fclose(fp);
}

/*
 * A module of `n` object classes with `k` attributes each, all children of
 * HLAobjectRoot.
 */
static void
class_fom(const char *path, unsigned n, unsigned k)
{
	FILE *fp = fopen(path, "w");
	unsigned i, j;

	ck_assert_ptr_nonnull(fp);
	fputs("<?xml version=\"1.0\"?>\n<objectModel xmlns=\"http://"
	    "standards.ieee.org/IEEE1516-2010\"><objects><objectClass>"
	    "<name>HLAobjectRoot</name>\n", fp);
	for (i = 0; i < n; i++) {
		fprintf(fp, "<objectClass><name>C%u</name><sharing>"
		    "PublishSubscribe</sharing>", i);
		for (j = 0; j < k; j++)
			fprintf(fp, "<attribute><name>a%u_%u</name>"
			    "</attribute>", i, j);
		fputs("</objectClass>\n", fp);
	}
	fputs("</objectClass></objects></objectModel>\n", fp);
	fclose(fp);
}

/* The large FOM, as two modules big1.xml and big2.xml (and bigbad.xml,
 * broken): about 0.08 s per parse of each here, and rtiexec parses each
 * twice (alone, then merged); smaller under ASan, far smaller under
 * valgrind.  Each stays below the loader's 250000 XML nodes per module. */
static void
big_foms_of(unsigned n_obj, unsigned n_int)
{
	big_fom(in_top("foms/big1.xml"), "A", n_obj, n_int, 0);
	big_fom(in_top("foms/big2.xml"), "B", n_obj, n_int, 0);
	big_fom(in_top("foms/bigbad.xml"), "A", n_obj, n_int, 1);
}

static void
big_foms(void)
{
	big_foms_of(under_wrapper ? 500 : SANITIZED ? 4000 : 13000,
	    under_wrapper ? 500 : SANITIZED ? 4000 : 13000);
}

static const char *const bigs[] = { "big1.xml", "big2.xml" };

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
	const char *args[3];

	under_wrapper = getenv("RTI_TEST_WRAPPER") != NULL;
	snprintf(top, sizeof top, "/tmp/rti-fomload-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(foms, sizeof foms, "%s/foms", top);
	ck_assert_int_eq(mkdir(foms, 0755), 0);
	ck_assert_int_eq(mkdir(in_top("foms/sub"), 0755), 0);
	put_file(in_top("foms/ok.xml"), small_fom);
	put_file(in_top("foms/sub/inner.xml"), small_fom);
	args[0] = "--fom-path";
	args[1] = foms;
	args[2] = NULL;
	ck_assert_int_eq(rtiexec_start(&rx, args), 0);
}

static void
teardown(void)
{
	int fd;

	/* a FIFO an old rtiexec may be stuck opening */
	fd = open(in_top("foms/pipe.xml"), O_WRONLY | O_NONBLOCK);
	if (fd >= 0)
		close(fd);
	if (rx.pid > 0)
		ck_assert_int_eq(rtiexec_stop(&rx), 0);
	else /* stopped by the test */
		nftw(rx.dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	nftw(top, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* ---- a raw federate ---- */

static int
raw_connect(void)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)rx.port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

/* Append a frame of `type` with payload p[0..n) to `out`. */
static void
frame(struct wire_buf *out, uint16_t type, const struct wire_buf *p)
{
	size_t off = wire_frame_begin(out, type);

	wire_put_raw(out, p->data, p->len);
	wire_frame_end(out, off);
}

static void
send_all(int fd, const struct wire_buf *b)
{
	ck_assert(!b->oom);
	ck_assert_int_eq(send(fd, b->data, b->len, MSG_NOSIGNAL),
	    (ssize_t)b->len);
}

/* Read exactly n bytes within `secs`: 1, 0 on EOF, -1 on timeout. */
static int
read_n(int fd, uint8_t *p, size_t n, double secs)
{
	double deadline = tfed_now() + secs;

	while (n) {
		struct pollfd pf = { fd, POLLIN, 0 };
		double left = deadline - tfed_now();
		ssize_t k;

		if (left <= 0 || poll(&pf, 1, (int)(left * 1000) + 1) <= 0)
			return -1;
		k = recv(fd, p, n, 0);
		if (k <= 0)
			return 0;
		p += k;
		n -= (size_t)k;
	}
	return 1;
}

struct reply {
	uint16_t type;
	uint32_t serial, err;
	char msg[2048];
	uint8_t body[65536];  /* the payload's start */
	size_t len;           /* the whole payload's length */
};

/* Next frame within `secs` (REPLY_WAIT when 0): 1, or 0/-1 (EOF or
 * timeout). */
static int
raw_next(int fd, struct reply *r, double secs)
{
	uint8_t hdr[8], *buf;
	uint32_t len, ml;
	int rc;

	if (secs <= 0)
		secs = REPLY_WAIT;
	if ((rc = read_n(fd, hdr, 8, secs)) != 1)
		return rc;
	len = wire_get32(hdr);
	buf = malloc(len ? len : 1);
	ck_assert_ptr_nonnull(buf);
	if ((rc = read_n(fd, buf, len, secs)) != 1) {
		free(buf);
		return rc;
	}
	memset(r, 0, sizeof *r);
	r->type = wire_get16(hdr + 4);
	r->len = len;
	memcpy(r->body, buf, len < sizeof r->body ? len : sizeof r->body);
	if (r->type == WIRE_REPLY && len >= 12) {
		r->serial = wire_get32(buf);
		r->err = wire_get32(buf + 4);
		ml = wire_get32(buf + 8);
		if (ml > 0 && ml <= sizeof r->msg && 12 + (size_t)ml <= len)
			memcpy(r->msg, buf + 12, ml - 1);
	}
	free(buf);
	return 1;
}

/* The next WIRE_REPLY (other frames skipped). */
static int
raw_reply(int fd, struct reply *r, double secs)
{
	int rc;

	while ((rc = raw_next(fd, r, secs)) == 1)
		if (r->type == WIRE_REPLY)
			return 1;
	return rc;
}

static int
raw_hello(void)
{
	struct wire_buf b, p;
	struct reply r;
	int fd = raw_connect();

	wire_buf_init(&b);
	wire_buf_init(&p);
	wire_put_u32(&p, WIRE_MAGIC);
	wire_put_u16(&p, WIRE_VERSION);
	wire_put_blob(&p, NULL, 0);
	frame(&b, WIRE_HELLO, &p);
	send_all(fd, &b);
	ck_assert_int_eq(raw_next(fd, &r, 0), 1);
	ck_assert_uint_eq(r.type, WIRE_HELLO_ACK);
	wire_buf_free(&b);
	wire_buf_free(&p);
	return fd;
}

/* Append a create of `fed` from modules named (not sent) to `b`. */
static void
put_create(struct wire_buf *b, uint32_t serial, const char *fed,
    const char *const *names, size_t n)
{
	struct wire_buf p;
	size_t i;

	wire_buf_init(&p);
	wire_put_u32(&p, serial);
	wire_put_str(&p, fed);
	wire_put_str(&p, "HLAfloat64Time");
	wire_put_u32(&p, (uint32_t)n);
	for (i = 0; i < n; i++) {
		wire_put_str(&p, names[i]);
		wire_put_blob(&p, NULL, 0);
	}
	frame(b, WIRE_CREATE, &p);
	wire_buf_free(&p);
}

static void
put_simple(struct wire_buf *b, uint16_t type, uint32_t serial,
    const char *s1, const char *s2, const char *s3)
{
	struct wire_buf p;

	wire_buf_init(&p);
	wire_put_u32(&p, serial);
	if (s1)
		wire_put_str(&p, s1);
	if (s2)
		wire_put_str(&p, s2);
	if (s3)
		wire_put_str(&p, s3);
	frame(b, type, &p);
	wire_buf_free(&p);
}

/* Send a create of `fed` from the one module `name`. */
static void
send_create(int fd, uint32_t serial, const char *fed, const char *name)
{
	struct wire_buf b;

	wire_buf_init(&b);
	put_create(&b, serial, fed, &name, 1);
	send_all(fd, &b);
	wire_buf_free(&b);
}

/* Create `fed` from `name` on a raw connection; the reply in *r. */
static void
raw_create(int fd, const char *fed, const char *name, struct reply *r)
{
	send_create(fd, 7, fed, name);
	ck_assert_msg(raw_reply(fd, r, 0) == 1,
	    "no reply to the create of %s from '%s'", fed, name);
	ck_assert_uint_eq(r->serial, 7);
}

/* Seconds for one ping round trip on a raw connection. */
static double
raw_ping(int fd, uint32_t serial)
{
	struct wire_buf b;
	struct reply r;
	double t0 = tfed_now();

	wire_buf_init(&b);
	put_simple(&b, WIRE_PING, serial, NULL, NULL, NULL);
	send_all(fd, &b);
	wire_buf_free(&b);
	ck_assert_int_eq(raw_reply(fd, &r, 0), 1);
	ck_assert_uint_eq(r.serial, serial);
	return tfed_now() - t0;
}

/* `msg` with every occurrence of `name` replaced by NAME. */
static void
shape_of(const char *msg, const char *name, char *out, size_t len)
{
	size_t nl = strlen(name), o = 0;
	const char *p = msg, *q;

	while ((q = strstr(p, name)) != NULL && o + 5 < len) {
		size_t k = (size_t)(q - p);

		if (o + k + 5 >= len)
			break;
		memcpy(out + o, p, k);
		memcpy(out + o + k, "NAME", 4);
		o += k + 4;
		p = q + nl;
	}
	snprintf(out + o, len - o, "%s", p);
}

/* ---- names are names ---- */

/*
 * Every name that does not lead to a readable regular file inside the
 * FOM path, whether what it points at exists or not, is answered alike:
 * COULD_NOT_OPEN_FDD and one message shape, never anything of the file.
 */
START_TEST(test_names_confined)
{
	char abs_out[512], abs_in[512], abs_missing[512], shape[4096];
	const char *refused[32];
	const char *accepted[] = { "ok.xml", "sub/inner.xml", "in_link",
		"sub/up_in" };
	struct reply r;
	size_t n = 0, i;
	int fd;

	put_file(in_top("outside.xml"), "<?xml version=\"1.0\"?>\n"
	    "<secretRoot>TOPSECRET</secretRoot>\n");
	put_file(in_top("passwd-like"), "root:x:0:0:root:/root:/bin/sh\n");
	snprintf(abs_out, sizeof abs_out, "%s", in_top("outside.xml"));
	snprintf(abs_in, sizeof abs_in, "%s", in_top("foms/ok.xml"));
	snprintf(abs_missing, sizeof abs_missing, "%s",
	    in_top("nothere.xml"));
	ck_assert_int_eq(symlink("../outside.xml", in_top("foms/out_link")),
	    0);
	ck_assert_int_eq(symlink(abs_out, in_top("foms/abs_link")), 0);
	ck_assert_int_eq(symlink("../nothere.xml", in_top("foms/dangling")),
	    0);
	ck_assert_int_eq(symlink(abs_missing, in_top("foms/abs_dangling")),
	    0);
	ck_assert_int_eq(symlink("../../passwd-like",
	    in_top("foms/sub/up_out")), 0);
	ck_assert_int_eq(symlink("ok.xml", in_top("foms/in_link")), 0);
	ck_assert_int_eq(symlink("../ok.xml", in_top("foms/sub/up_in")), 0);

	refused[n++] = "../outside.xml";      /* exists */
	refused[n++] = "../nothere.xml";      /* does not */
	refused[n++] = "/etc/passwd";
	refused[n++] = "/etc/hostname";
	refused[n++] = "/etc/no-such-file";
	refused[n++] = abs_out;
	refused[n++] = abs_missing;
	refused[n++] = abs_in;                /* inside, but absolute */
	refused[n++] = "sub/../../outside.xml";
	refused[n++] = "sub/../../nothere.xml";
	refused[n++] = "sub/../ok.xml";       /* '..' at all */
	refused[n++] = "out_link";
	refused[n++] = "abs_link";
	refused[n++] = "dangling";
	refused[n++] = "abs_dangling";
	refused[n++] = "sub/up_out";
	refused[n++] = "missing.xml";
	refused[n++] = "sub";
	refused[n++] = "sub/";
	refused[n++] = "./ok.xml";
	refused[n++] = "sub//inner.xml";
	refused[n++] = "ok.xml/";

	fd = raw_hello();
	for (i = 0; i < n; i++) {
		char fed[32];

		snprintf(fed, sizeof fed, "R%zu", i);
		raw_create(fd, fed, refused[i], &r);
		ck_assert_msg(r.err == RTI_ERR_COULD_NOT_OPEN_FDD,
		    "'%s': error %u (%s), want COULD_NOT_OPEN_FDD", refused[i],
		    r.err, r.msg);
		shape_of(r.msg, refused[i], shape, sizeof shape);
		ck_assert_msg(strcmp(shape, MSG_SHAPE) == 0,
		    "'%s' answered \"%s\"", refused[i], r.msg);
		ck_assert_ptr_null(strstr(r.msg, "secretRoot"));
		ck_assert_ptr_null(strstr(r.msg, "TOPSECRET"));
		ck_assert_ptr_null(strstr(r.msg, "root:"));
	}
	/* Nothing was created by the refusals. */
	for (i = 0; i < n; i++) {
		struct wire_buf b;
		char fed[32];

		snprintf(fed, sizeof fed, "R%zu", i);
		wire_buf_init(&b);
		put_simple(&b, WIRE_DESTROY, 100 + (uint32_t)i, fed, NULL,
		    NULL);
		send_all(fd, &b);
		wire_buf_free(&b);
		ck_assert_int_eq(raw_reply(fd, &r, 0), 1);
		ck_assert_uint_eq(r.err,
		    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST);
	}
	/* Plain names, subdirectories and links that stay inside load. */
	for (i = 0; i < sizeof accepted / sizeof *accepted; i++) {
		char fed[32];

		snprintf(fed, sizeof fed, "A%zu", i);
		raw_create(fd, fed, accepted[i], &r);
		ck_assert_msg(r.err == RTI_OK, "'%s': %u %s", accepted[i],
		    r.err, r.msg);
	}
	/* The operator's log says why. */
	ck_assert(rtiexec_log_has(&rx, "leads outside the directory"));
	ck_assert(rtiexec_log_has(&rx, "not a plain relative name"));
	ck_assert(rtiexec_log_has(&rx, "a directory, not a regular file"));
	close(fd);
}
END_TEST

/*
 * A federate-level check of the same rule: a name that the federate
 * cannot open itself (relative to its own directory) but that leads out of
 * rtiexec's FOM path to an existing file is refused like a missing one.
 */
START_TEST(test_librti_name_confined)
{
	struct tfed *a = tfed_new(&rx);
	char file[64], name[80], shape[4096];
	const char *mods[1];

	ck_assert_ptr_nonnull(a);
	snprintf(file, sizeof file, "outside-%d.xml", (int)getpid());
	snprintf(name, sizeof name, "../%s", file);
	ck_assert_int_ne(access(name, F_OK), 0);
	put_file(in_top(file), "<secretRoot/>\n");
	mods[0] = name;
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", mods, 1,
	    NULL), RTI_ERR_COULD_NOT_OPEN_FDD);
	shape_of(rti_error_message(a->amb), name, shape, sizeof shape);
	ck_assert_str_eq(shape, MSG_SHAPE);
	mods[0] = "sub/inner.xml";
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", mods, 1,
	    NULL), RTI_OK);
	tfed_free(a);
}
END_TEST

/* A module too large is refused before it is read, with a message that
 * may say so: only files the operator put in the FOM path get there. */
START_TEST(test_too_large)
{
	struct reply r;
	int fd, f;

	f = open(in_top("foms/huge.xml"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ck_assert_int_ge(f, 0);
	ck_assert_int_eq(ftruncate(f, 16 * 1024 * 1024 + 1), 0);
	close(f);
	fd = raw_hello();
	raw_create(fd, "H", "huge.xml", &r);
	ck_assert_uint_eq(r.err, RTI_ERR_ERROR_READING_FDD);
	ck_assert_str_eq(r.msg,
	    "FOM module 'huge.xml' is larger than 16777216 bytes");
	close(fd);
}
END_TEST

/* ---- the loop is never blocked ---- */

/*
 * A FIFO named as a module is refused at once (it used to block rtiexec
 * in open() until something wrote to it), and meanwhile another
 * federate's create and round trips go on.
 */
START_TEST(test_fifo_refused)
{
	struct reply r;
	char shape[4096];
	int fd, other;

	ck_assert_int_eq(mkfifo(in_top("foms/pipe.xml"), 0644), 0);
	fd = raw_hello();
	other = raw_hello();
	/* nothing ever writes to the FIFO: a loader that opened it would
	 * never answer (the waits below are bounds, WAIT_S) */
	send_create(fd, 1, "P", "pipe.xml");
	/* the other federate, at once */
	send_create(other, 2, "G", "ok.xml");
	ck_assert_msg(raw_reply(other, &r, WAIT_S) == 1,
	    "another federate's create waited behind the FIFO");
	ck_assert_uint_eq(r.err, RTI_OK);
	(void)raw_ping(other, 3);
	ck_assert_msg(raw_reply(fd, &r, WAIT_S) == 1,
	    "no answer to the create naming a FIFO");
	ck_assert_uint_eq(r.err, RTI_ERR_COULD_NOT_OPEN_FDD);
	shape_of(r.msg, "pipe.xml", shape, sizeof shape);
	ck_assert_str_eq(shape, MSG_SHAPE);
	ck_assert(rtiexec_log_has(&rx, "a FIFO, not a regular file"));
	close(fd);
	close(other);
}
END_TEST

/* Round trips on a raw connection until `stop`: `during` counts those
 * sent after `busy` was set and answered before it was cleared. */
struct pinger {
	int fd;
	atomic_int stop, busy;
	unsigned n, during;
	double worst;
};

static void *
ping_loop(void *arg)
{
	struct pinger *p = arg;
	uint32_t serial = 1000;

	while (!atomic_load(&p->stop)) {
		int busy = atomic_load(&p->busy);
		double rtt = raw_ping(p->fd, serial++);

		if (busy && atomic_load(&p->busy))
			p->during++;
		if (rtt > p->worst)
			p->worst = rtt;
		p->n++;
		usleep(2000);
	}
	return NULL;
}

/*
 * A large legitimate FOM is loaded while another federate keeps making
 * round trips: they are answered while the create is in progress (the
 * old loader held the loop for the whole parse: a round trip sent during
 * the create was answered after it, so at most the one in flight when it
 * began could count).  How long they took is printed, not judged.
 */
START_TEST(test_large_fom_round_trips)
{
	struct tfed *a = tfed_new(&rx);
	struct pinger p;
	pthread_t th;
	double t0, dur;
	long rss0, rss1;

	ck_assert_ptr_nonnull(a);
	big_foms();
	rss0 = rtiexec_status_kb(&rx, "VmRSS");
	memset(&p, 0, sizeof p);
	atomic_init(&p.stop, 0);
	p.fd = raw_hello();
	atomic_init(&p.busy, 0);
	ck_assert_int_eq(pthread_create(&th, NULL, ping_loop, &p), 0);
	usleep(50000);
	t0 = tfed_now();
	atomic_store(&p.busy, 1);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "Big", bigs,
	    2, NULL), RTI_OK);
	atomic_store(&p.busy, 0);
	dur = tfed_now() - t0;
	atomic_store(&p.stop, 1);
	pthread_join(th, NULL);
	rss1 = rtiexec_status_kb(&rx, "VmRSS");
	fprintf(stderr, "large FOM: create %.3f s, %u round trips (%u during "
	    "it), worst %.1f ms, rtiexec +%ld kB\n", dur, p.n, p.during,
	    p.worst * 1e3, rss1 - rss0);
	if (!under_wrapper)
		ck_assert_msg(p.during >= 3, "%u round trips were answered "
		    "while the create was in progress: the loop waited for "
		    "the load (or the FOMs are too small to show it; make "
		    "big_foms() larger)", p.during);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "A", "t",
	    "Big", NULL), RTI_OK);
	close(p.fd);
	tfed_free(a);
}
END_TEST

/*
 * What rtiexec keeps for a federation grows with the FOM, not with its
 * (object classes x attributes): a FOM of 8000 classes of 8 attributes
 * (64000 attributes, 2.5 MB of XML) costs it a few times its own size.
 * The class table that OM once built held a bit set of every class's
 * attributes: 64 MB more for this one, built on the event loop.  The
 * second federation of the module is measured: the first also leaves the
 * parser's memory with the worker's allocator.
 */
START_TEST(test_class_tables_linear)
{
	struct tfed *a = tfed_new(&rx);
	const char *mods[1] = { "wide.xml" };
	long rss0, rss1;

	ck_assert_ptr_nonnull(a);
	class_fom(in_top("foms/wide.xml"), 8000, 8);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "Wide", mods,
	    1, NULL), RTI_OK);
	rss0 = rtiexec_status_kb(&rx, "VmRSS");
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "Wide2", mods,
	    1, NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "A", "t",
	    "Wide2", NULL), RTI_OK);
	rss1 = rtiexec_status_kb(&rx, "VmRSS");
	fprintf(stderr, "8000 x 8 attributes: rtiexec +%ld kB\n",
	    rss1 - rss0);
	/* memory checkers keep freed memory resident */
	if (!under_wrapper && !SANITIZED)
		ck_assert_msg(rss1 - rss0 < 32 * 1024, "rtiexec grew %ld kB "
		    "for a FOM of 2.5 MB", rss1 - rss0);
	tfed_free(a);
}
END_TEST

/*
 * A create's work is bounded as a whole, not only per module: a model of
 * 8000 classes and 64000 attributes, then the same small module 255
 * times, each merge copying the model (what the budget counts besides
 * the XML nodes), is refused with LIMIT_EXCEEDED, and the name is free.
 */
START_TEST(test_create_budget)
{
	struct tfed *a = tfed_new(&rx);
	const char *mods[256];
	char msg[512];
	int i;

	ck_assert_ptr_nonnull(a);
	class_fom(in_top("foms/wide.xml"), 8000, 8);
	mods[0] = "wide.xml";
	for (i = 1; i < 256; i++)
		mods[i] = "ok.xml";
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "Many", mods,
	    256, NULL), RTI_ERR_LIMIT_EXCEEDED);
	snprintf(msg, sizeof msg, "%s", rti_error_message(a->amb));
	ck_assert_msg(strstr(msg, "budget of this create"), "%s", msg);
	/* a few merges fit */
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "Many", mods,
	    8, NULL), RTI_OK);
	tfed_free(a);
}
END_TEST

/* ---- order ---- */

/*
 * While a create is loading, a join and a second create of the same name
 * from other connections wait for it: the join succeeds, the second
 * create finds the federation there.  After a create that fails, the next
 * one proceeds as if the first never was.
 */
START_TEST(test_waits_for_pending_create)
{
	struct tfed *b = tfed_new(&rx);
	struct wire_buf w;
	struct reply r;
	int a, c, d;

	ck_assert_ptr_nonnull(b);
	big_foms();
	a = raw_hello();
	c = raw_hello();
	d = raw_hello();
	wire_buf_init(&w);
	put_create(&w, 1, "J", bigs, 2);
	send_all(a, &w);
	wire_buf_reset(&w);
	usleep(20000);
	send_create(c, 2, "J", "ok.xml");
	ck_assert_int_eq(rti_join_federation_execution(b->amb, "B", "t", "J",
	    NULL), RTI_OK);
	ck_assert_int_eq(raw_reply(a, &r, 0), 1);
	ck_assert_uint_eq(r.err, RTI_OK);
	ck_assert_int_eq(raw_reply(c, &r, 0), 1);
	ck_assert_uint_eq(r.err, RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS);

	/* a create that fails late, and one of the same name behind it */
	send_create(a, 3, "K", "bigbad.xml");
	usleep(20000);
	send_create(c, 4, "K", "ok.xml");
	ck_assert_int_eq(raw_reply(a, &r, 0), 1);
	ck_assert_uint_eq(r.err, RTI_ERR_ERROR_READING_FDD);
	ck_assert_int_eq(raw_reply(c, &r, 0), 1);
	ck_assert_msg(r.err == RTI_OK, "the create behind a failed one: %u %s",
	    r.err, r.msg);

	/* a destroy waits for the create it names */
	put_create(&w, 5, "L", bigs, 2);
	send_all(a, &w);
	wire_buf_reset(&w);
	usleep(20000);
	put_simple(&w, WIRE_DESTROY, 6, "L", NULL, NULL);
	send_all(d, &w);
	wire_buf_free(&w);
	ck_assert_int_eq(raw_reply(d, &r, 0), 1);
	ck_assert_uint_eq(r.err, RTI_OK);
	ck_assert_int_eq(raw_reply(a, &r, 0), 1);
	ck_assert_uint_eq(r.err, RTI_OK);
	close(a);
	close(c);
	close(d);
	tfed_free(b);
}
END_TEST

/* Requests pipelined behind a create on one connection are answered after
 * it, in order, and see the federation: the list shows it, the join
 * finds it. */
START_TEST(test_pipelined_after_create)
{
	struct wire_buf b;
	struct reply r;
	uint32_t want;
	int fd, saw_report = 0;

	big_foms();
	fd = raw_hello();
	wire_buf_init(&b);
	put_create(&b, 1, "P", bigs, 2);
	put_simple(&b, WIRE_PING, 2, NULL, NULL, NULL);
	put_simple(&b, WIRE_LIST, 3, NULL, NULL, NULL);
	put_simple(&b, WIRE_JOIN, 4, "P", "me", "t");
	put_simple(&b, WIRE_GET_FEDERATE_HANDLE, 5, "me", NULL, NULL);
	send_all(fd, &b);
	wire_buf_free(&b);
	for (want = 1; want <= 5;) {
		ck_assert_int_eq(raw_next(fd, &r, 0), 1);
		if (r.type == WIRE_CB_LIST_REPORT) {
			ck_assert_uint_eq(want, 4);
			/* u32 n, then the first name: "P" */
			ck_assert_uint_eq(wire_get32(r.body), 1);
			ck_assert_str_eq((const char *)r.body + 8, "P");
			saw_report = 1;
			continue;
		}
		if (r.type != WIRE_REPLY)
			continue;
		ck_assert_uint_eq(r.serial, want);
		ck_assert_msg(r.err == RTI_OK, "request %u: %u %s", want,
		    r.err, r.msg);
		want++;
	}
	ck_assert(saw_report);
	close(fd);
}
END_TEST

/* Line number of the first line of the rtiexec log holding `s`, or 0. */
static int
log_line(const char *s)
{
	FILE *fp = fopen(rx.log, "r");
	char line[4096];
	int n = 0, found = 0;

	while (fp && !found && fgets(line, sizeof line, fp)) {
		n++;
		if (strstr(line, s))
			found = n;
	}
	if (fp)
		fclose(fp);
	return found;
}

/*
 * The worker takes FOMLOAD_MAX_JOBS (4) creates at once; a fifth waits,
 * unread, with its name reserved (not listed) until one of them is done,
 * then loads and succeeds.
 */
START_TEST(test_queue_full)
{
	struct wire_buf w;
	struct reply r;
	int fd[5], lister, i, first_done = 0;
	char fed[8], what[64];

	big_foms();
	for (i = 0; i < 5; i++)
		fd[i] = raw_hello();
	lister = raw_hello();
	for (i = 0; i < 4; i++) {
		snprintf(fed, sizeof fed, "F%d", i);
		send_create(fd[i], 1, fed, "big1.xml");
	}
	usleep(20000);
	send_create(fd[4], 1, "Q", "ok.xml");
	usleep(20000);
	wire_buf_init(&w);
	put_simple(&w, WIRE_LIST, 9, NULL, NULL, NULL);
	send_all(lister, &w);
	wire_buf_free(&w);
	/* the list comes while at least three big loads are still ahead */
	do
		ck_assert_int_eq(raw_next(lister, &r, 0), 1);
	while (r.type != WIRE_CB_LIST_REPORT);
	ck_assert_msg(memmem(r.body, r.len < sizeof r.body ? r.len :
	    sizeof r.body, "Q", 2) == NULL, "a waiting create is listed");
	for (i = 0; i < 5; i++) {
		ck_assert_int_eq(raw_reply(fd[i], &r, 0), 1);
		ck_assert_msg(r.err == RTI_OK, "create %d: %u %s", i, r.err,
		    r.msg);
	}
	/* Q was handed to the worker only after one of the four was done */
	for (i = 0; i < 4; i++) {
		int l;

		snprintf(what, sizeof what, "federation F%d created", i);
		l = log_line(what);
		ck_assert_int_gt(l, 0);
		if (!first_done || l < first_done)
			first_done = l;
	}
	ck_assert_int_gt(log_line("federation Q: loading"), first_done);
	for (i = 0; i < 5; i++)
		close(fd[i]);
	close(lister);
}
END_TEST

/* ---- shutdown ---- */

/* SIGTERM while the worker parses: rtiexec joins it, frees everything
 * and exits 0 (valgrind checks the freeing under test/valgrind.sh).  The
 * FOM is large everywhere, so that the load is still running then. */
START_TEST(test_shutdown_while_loading)
{
	double deadline;
	struct wire_buf b;
	int fd, st = 0;
	pid_t pid;

	big_foms_of(2000, 40000);
	fd = raw_hello();
	wire_buf_init(&b);
	put_create(&b, 1, "S", bigs, 2);
	send_all(fd, &b);
	wire_buf_free(&b);
	deadline = tfed_now() + WAIT_S;
	while (!rtiexec_log_has(&rx, "loading 2 FOM module(s) off the event "
	    "loop") && tfed_now() < deadline)
		usleep(2000);
	ck_assert(rtiexec_log_has(&rx, "off the event loop"));
	kill(rx.pid, SIGTERM);
	deadline = tfed_now() + (under_wrapper ? 300 : 30);
	while ((pid = waitpid(rx.pid, &st, WNOHANG)) == 0 &&
	    tfed_now() < deadline)
		usleep(5000);
	ck_assert_int_eq(pid, rx.pid);
	rx.pid = -1;
	ck_assert(WIFEXITED(st));
	ck_assert_int_eq(WEXITSTATUS(st), 0);
	/* it was abandoned, not finished */
	ck_assert(!rtiexec_log_has(&rx, "federation S created"));
	ck_assert(rtiexec_log_has(&rx, "shutting down"));
	close(fd);
}
END_TEST

/* ---- the operator's modules ---- */

/* --fom files are the operator's paths; a FIFO there ends start-up at
 * once instead of hanging it. */
START_TEST(test_operator_fom_fifo)
{
	struct rtiexec r2;
	const char *args[6];
	double t0;

	ck_assert_int_eq(mkfifo(in_top("op-pipe.xml"), 0644), 0);
	args[0] = "--federation";
	args[1] = "Pre";
	args[2] = "--fom";
	args[3] = in_top("op-pipe.xml");
	args[4] = NULL;
	t0 = tfed_now();
	/* the port file may be written before the federation is made */
	if (rtiexec_start(&r2, args) == 0) {
		int st = 0;
		pid_t pid;

		while ((pid = waitpid(r2.pid, &st, WNOHANG)) == 0 &&
		    tfed_now() - t0 < WAIT_S)
			usleep(5000);
		ck_assert_msg(pid == r2.pid, "start-up hangs on a FIFO");
		ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 1);
		r2.pid = -1;
	}
	ck_assert(rtiexec_log_has(&r2, "a FIFO, not a regular file"));
	nftw(r2.dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	/* an operator path outside the FOM path is fine */
	put_file(in_top("op.xml"), small_fom);
	args[3] = in_top("op.xml");
	ck_assert_int_eq(rtiexec_start(&r2, args), 0);
	ck_assert_int_eq(rtiexec_stop(&r2), 0);
}
END_TEST

static Suite *
fomload_suite(void)
{
	Suite *s = suite_create("fomload");
	TCase *tc = tcase_create("fomload");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_names_confined);
	tcase_add_test(tc, test_librti_name_confined);
	tcase_add_test(tc, test_too_large);
	tcase_add_test(tc, test_fifo_refused);
	tcase_add_test(tc, test_large_fom_round_trips);
	tcase_add_test(tc, test_class_tables_linear);
	tcase_add_test(tc, test_create_budget);
	tcase_add_test(tc, test_waits_for_pending_create);
	tcase_add_test(tc, test_pipelined_after_create);
	tcase_add_test(tc, test_queue_full);
	tcase_add_test(tc, test_shutdown_while_loading);
	tcase_add_test(tc, test_operator_fom_fifo);
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
