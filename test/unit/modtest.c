/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modtest.c - rtiexec's modules in the test's process (modtest.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "conn.h"
#include "fedm.h"
#include "modtest.h"

#define MT_MAX_FEDS 16
/* Loop turns a request may take before the test says its reply did not
 * come; a reply takes a handful. */
#define MT_MAX_TURNS 100000
/* Turns with nothing received that make mt_settle's "quiet". */
#define MT_QUIET 4

struct mt_frame {
	uint16_t type;
	uint8_t *p;
	uint32_t n;
	int taken;
};

struct mt_fed {
	struct conn *c;           /* rtiexec's side */
	int fd;                   /* the federate's side */
	uint32_t serial;
	uint32_t handle;
	struct wire_buf body;     /* mt_body */
	struct wire_buf tx;       /* a frame being written */
	struct wire_buf rx;       /* bytes read, not yet a whole frame */
	struct mt_frame *in;      /* frames received */
	size_t n_in, cap_in;
};

static struct rti_server srv;
static struct federation *fx;
static struct mt_fed *feds[MT_MAX_FEDS];
static size_t n_feds;

struct rti_server *
mt_srv(void)
{
	return &srv;
}

struct federation *
mt_fx(void)
{
	return fx;
}

void
mt_start(const char *const *foms, size_t n, const char *time_impl)
{
	struct rti_config cfg;

	memset(&cfg, 0, sizeof cfg);
	cfg.bind_addr = "127.0.0.1";
	cfg.log_level = LOG_ERROR;
	cfg.no_io_uring = 1;
	cfg.udp_off = 1;
	cfg.heartbeat_timeout = -1;
	ck_assert_int_eq(server_init(&srv, &cfg), 0);
	ck_assert_int_eq(fedm_create_from_files(&srv, "F", foms, n,
	    time_impl), 0);
	fx = fedm_find(&srv, "F");
	ck_assert_ptr_nonnull(fx);
}

static void
fed_free(struct mt_fed *m)
{
	size_t i;

	close(m->fd);
	wire_buf_free(&m->body);
	wire_buf_free(&m->tx);
	wire_buf_free(&m->rx);
	for (i = 0; i < m->n_in; i++)
		free(m->in[i].p);
	free(m->in);
	free(m);
}

void
mt_stop(void)
{
	size_t i;

	server_fini(&srv);
	for (i = 0; i < n_feds; i++)
		fed_free(feds[i]);
	n_feds = 0;
	fx = NULL;
}

/* ---- the federate's side of the socketpair ---- */

static void
write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		ck_assert_msg(k > 0, "writing to rtiexec: %s",
		    strerror(errno));
		p += k;
		n -= (size_t)k;
	}
}

/* Write the frame `type` of m: [u32 serial] then m->body. */
static void
put_frame(struct mt_fed *m, uint16_t type, uint16_t flags, int serial)
{
	size_t off;

	wire_buf_reset(&m->tx);
	off = wire_frame_begin(&m->tx, type);
	if (serial)
		wire_put_u32(&m->tx, m->serial);
	wire_put_raw(&m->tx, m->body.data, m->body.len);
	wire_frame_end(&m->tx, off);
	ck_assert(!m->tx.oom);
	/* the flags: bytes 6-7 of the header (wire.c) */
	wire_put16(m->tx.data + off + 6, flags);
	write_all(m->fd, m->tx.data, m->tx.len);
}

static void
keep_frame(struct mt_fed *m, uint16_t type, const uint8_t *p, uint32_t n)
{
	struct mt_frame *fr;

	ck_assert_int_eq(wire_grow((void **)&m->in, &m->cap_in, m->n_in + 1,
	    sizeof *m->in), 0);
	fr = &m->in[m->n_in++];
	fr->type = type;
	fr->n = n;
	fr->taken = 0;
	fr->p = malloc(n ? n : 1);
	ck_assert_ptr_nonnull(fr->p);
	memcpy(fr->p, p, n);
}

/* Acknowledge a replica frame as librti does (the replies DDM holds
 * wait for it). */
static void
ack_replica(struct mt_fed *m, const uint8_t *p, uint32_t n)
{
	struct wire_rd rd;
	uint32_t seq;

	wire_rd_init(&rd, p, n);
	seq = wire_get_u32(&rd);
	ck_assert(!rd.err);
	wire_buf_reset(&m->body);
	wire_put_u32(&m->body, seq);
	put_frame(m, WIRE_DDM_ACK, 0, 0);
}

/* Read what rtiexec sent m: the number of frames. */
static int
fed_read(struct mt_fed *m)
{
	uint8_t buf[65536];
	size_t used = 0;
	int frames = 0;
	ssize_t k;

	while ((k = read(m->fd, buf, sizeof buf)) > 0)
		wire_put_raw(&m->rx, buf, (size_t)k);
	ck_assert(!m->rx.oom);
	for (;;) {
		uint16_t type, flags;
		uint32_t len;
		int rc = wire_frame_peek(m->rx.data + used, m->rx.len - used,
		    WIRE_DEFAULT_MAX_FRAME, &type, &flags, &len);
		const uint8_t *p;

		ck_assert_int_ge(rc, 0);
		if (rc == 0 || m->rx.len - used - WIRE_HEADER_SIZE < len)
			break;
		p = m->rx.data + used + WIRE_HEADER_SIZE;
		if (type == WIRE_DDM_CB_SUBS || type == WIRE_DDM_CB_FED_GONE)
			ack_replica(m, p, len);
		keep_frame(m, type, p, len);
		used += WIRE_HEADER_SIZE + len;
		frames++;
	}
	memmove(m->rx.data, m->rx.data + used, m->rx.len - used);
	m->rx.len -= used;
	return frames;
}

/* One loop turn, then read every federate: frames received. */
static int
turn(void)
{
	size_t i;
	int got = 0;

	event_base_loop(srv.pub.base, EVLOOP_NONBLOCK);
	for (i = 0; i < n_feds; i++)
		got += fed_read(feds[i]);
	return got;
}

void
mt_settle(void)
{
	int quiet = 0, i;

	for (i = 0; i < MT_MAX_TURNS && quiet < MT_QUIET; i++)
		quiet = turn() ? 0 : quiet + 1;
	ck_assert_msg(quiet >= MT_QUIET, "rtiexec never went quiet");
}

struct wire_buf *
mt_body(struct mt_fed *m)
{
	wire_buf_reset(&m->body);
	return &m->body;
}

void
mt_send(struct mt_fed *m, uint16_t type, uint16_t flags)
{
	put_frame(m, type, flags, 0);
}

/* The reply to `serial` among m's frames, taken; NULL when none yet. */
static struct mt_frame *
find_reply(struct mt_fed *m, uint32_t serial)
{
	size_t i;

	for (i = 0; i < m->n_in; i++) {
		struct mt_frame *fr = &m->in[i];

		if (!fr->taken && fr->type == WIRE_REPLY && fr->n >= 4 &&
		    wire_get32(fr->p) == serial) {
			fr->taken = 1;
			return fr;
		}
	}
	return NULL;
}

int
mt_request(struct mt_fed *m, uint16_t type, struct wire_rd *rd)
{
	struct mt_frame *fr = NULL;
	struct wire_rd r;
	uint32_t err;
	int i;

	m->serial++;
	put_frame(m, type, 0, 1);
	for (i = 0; i < MT_MAX_TURNS && !fr; i++) {
		turn();
		fr = find_reply(m, m->serial);
	}
	ck_assert_msg(fr != NULL, "no reply to request 0x%04x", type);
	wire_rd_init(&r, fr->p, fr->n);
	(void)wire_get_u32(&r);
	err = wire_get_u32(&r);
	(void)wire_get_str(&r, UINT32_MAX);
	ck_assert(!r.err);
	if (rd)
		*rd = r;
	return (int)err;
}

int
mt_take(struct mt_fed *m, uint16_t type, struct wire_rd *rd)
{
	size_t i;

	for (i = 0; i < m->n_in; i++)
		if (!m->in[i].taken && m->in[i].type == type) {
			m->in[i].taken = 1;
			wire_rd_init(rd, m->in[i].p, m->in[i].n);
			return 1;
		}
	return 0;
}

int
mt_count(struct mt_fed *m, uint16_t type)
{
	size_t i;
	int n = 0;

	for (i = 0; i < m->n_in; i++)
		n += !m->in[i].taken && m->in[i].type == type;
	return n;
}

void
mt_clear(struct mt_fed *m)
{
	size_t i;

	for (i = 0; i < m->n_in; i++)
		free(m->in[i].p);
	m->n_in = 0;
}

/* ---- joining ---- */

/* A connection of the core on sv[0], as listen.c's accept makes one. */
static struct conn *
conn_make(int fd)
{
	struct conn *c = calloc(1, sizeof *c);

	ck_assert_ptr_nonnull(c);
	c->pub.srv = &srv;
	c->fd = fd;
	c->id = ++srv.next_conn_id;
	snprintf(c->peer, sizeof c->peer, "socketpair %d", fd);
	wire_buf_init(&c->in);
	wire_buf_init(&c->out);
	wire_buf_init(&c->held);
	evutil_make_socket_nonblocking(fd);
	c->rev = event_new(srv.pub.base, fd, EV_READ | EV_PERSIST, conn_read_cb,
	    c);
	c->wev = event_new(srv.pub.base, fd, EV_WRITE | EV_PERSIST,
	    conn_write_cb, c);
	ck_assert(c->rev && c->wev);
	ck_assert_int_eq(event_add(c->rev, NULL), 0);
	c->next = srv.conns;
	if (srv.conns)
		srv.conns->prev = c;
	srv.conns = c;
	srv.n_conns++;
	return c;
}

struct mt_fed *
mt_join(const char *name)
{
	struct mt_fed *m = calloc(1, sizeof *m);
	struct wire_buf *b;
	struct wire_rd rd;
	int sv[2];

	ck_assert_ptr_nonnull(m);
	ck_assert_uint_lt(n_feds, MT_MAX_FEDS);
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	m->fd = sv[1];
	evutil_make_socket_nonblocking(m->fd);
	wire_buf_init(&m->body);
	wire_buf_init(&m->tx);
	wire_buf_init(&m->rx);
	m->c = conn_make(sv[0]);
	feds[n_feds++] = m;
	b = mt_body(m);
	wire_put_u32(b, WIRE_MAGIC);
	wire_put_u16(b, WIRE_VERSION);
	wire_put_blob(b, NULL, 0);
	put_frame(m, WIRE_HELLO, 0, 0);
	b = mt_body(m);
	wire_put_str(b, "F");
	wire_put_str(b, name);
	wire_put_str(b, "t");
	ck_assert_int_eq(mt_request(m, WIRE_JOIN, &rd), RTI_OK);
	m->handle = wire_get_u32(&rd);
	ck_assert(!rd.err && m->c->pub.fed &&
	    m->c->pub.fed->handle == m->handle);
	mt_settle();
	mt_clear(m);
	return m;
}

uint32_t
mt_handle(const struct mt_fed *m)
{
	return m->handle;
}

struct federate *
mt_federate(const struct mt_fed *m)
{
	return m->c->pub.fed;
}

/* ---- the FOM ---- */

uint32_t
mt_oclass(const char *name)
{
	uint32_t h = fom_oclass_by_name(fx->fom, name);

	ck_assert_msg(h != 0, "no object class %s", name);
	return h;
}

uint32_t
mt_iclass(const char *name)
{
	uint32_t h = fom_iclass_by_name(fx->fom, name);

	ck_assert_msg(h != 0, "no interaction class %s", name);
	return h;
}

uint32_t
mt_attr(uint32_t cls, const char *name)
{
	uint32_t h = fom_attr_by_name(fx->fom, cls, name);

	ck_assert_msg(h != 0, "no attribute %s", name);
	return h;
}

uint32_t
mt_param(uint32_t cls, const char *name)
{
	uint32_t h = fom_param_by_name(fx->fom, cls, name);

	ck_assert_msg(h != 0, "no parameter %s", name);
	return h;
}

uint32_t
mt_dim(const char *name)
{
	uint32_t h = fom_dim_by_name(fx->fom, name);

	ck_assert_msg(h != 0, "no dimension %s", name);
	return h;
}

/* ---- the common requests ---- */

static void
put_attrs(struct wire_buf *b, const uint32_t *a, uint32_t n)
{
	uint32_t i;

	wire_put_u32(b, n);
	for (i = 0; i < n; i++)
		wire_put_u32(b, a[i]);
}

void
mt_publish_oc(struct mt_fed *m, uint32_t cls, const uint32_t *a, uint32_t n)
{
	struct wire_buf *b = mt_body(m);

	wire_put_u32(b, cls);
	put_attrs(b, a, n);
	ck_assert_int_eq(mt_request(m, WIRE_DM_PUBLISH_OC, NULL), RTI_OK);
}

void
mt_subscribe_oc(struct mt_fed *m, uint32_t cls, const uint32_t *a,
    uint32_t n)
{
	struct wire_buf *b = mt_body(m);

	wire_put_u32(b, cls);
	wire_put_u8(b, 1);
	put_attrs(b, a, n);
	ck_assert_int_eq(mt_request(m, WIRE_DM_SUBSCRIBE_OC, NULL), RTI_OK);
}

void
mt_publish_ic(struct mt_fed *m, uint32_t cls)
{
	wire_put_u32(mt_body(m), cls);
	ck_assert_int_eq(mt_request(m, WIRE_DM_PUBLISH_IC, NULL), RTI_OK);
}

void
mt_subscribe_ic(struct mt_fed *m, uint32_t cls)
{
	struct wire_buf *b = mt_body(m);

	wire_put_u32(b, cls);
	wire_put_u8(b, 1);
	ck_assert_int_eq(mt_request(m, WIRE_DM_SUBSCRIBE_IC, NULL), RTI_OK);
}

uint32_t
mt_register(struct mt_fed *m, uint32_t cls)
{
	struct wire_buf *b = mt_body(m);
	struct wire_rd rd;
	uint32_t obj;

	wire_put_u32(b, cls);
	wire_put_str(b, "");
	ck_assert_int_eq(mt_request(m, WIRE_OM_REGISTER, &rd), RTI_OK);
	obj = wire_get_u32(&rd);
	ck_assert(!rd.err && obj != 0);
	return obj;
}
