/*
 * ambassador.c - the federate's connection to rtiexec: connect and
 * handshake, request/reply, one-way output, and evoke.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "librti-int.h"
#include "tcp.h"

static const struct rti__module *const modules[RTI__MOD_COUNT] = {
	[RTI__MOD_FEDM] = &rti__fedm_module,
	[RTI__MOD_DM] = &rti__dm_module,
	[RTI__MOD_OM] = &rti__om_module,
	[RTI__MOD_TM] = &rti__tm_module,
	[RTI__MOD_OWM] = &rti__owm_module,
	[RTI__MOD_DDM] = &rti__ddm_module,
};

static int cb_notice(rti_ambassador *amb, uint16_t type, struct wire_rd *rd);

static const struct rti__cb_handler core_callbacks[] = {
	{ WIRE_NOTICE, cb_notice },
	{ 0, NULL }
};

static const struct rti__msg_out core_sends[] = {
	{ WIRE_HELLO, RTI__ONE_WAY },
	{ 0, 0 }
};

const struct rti__module rti__core_module = {
	.name = "core",
	.callbacks = core_callbacks,
	.sends = core_sends,
};

const struct rti__module *const rti__modules[RTI__MOD_COUNT + 1] = {
	&rti__core_module,
	&rti__fedm_module,
	&rti__dm_module,
	&rti__om_module,
	&rti__tm_module,
	&rti__owm_module,
	&rti__ddm_module,
};

const uint16_t rti__answers[] = {
	WIRE_HELLO_ACK, WIRE_HELLO_NAK, WIRE_REPLY, 0
};

#define READ_CHUNK 65536
/* Unsent output above which a send waits for the socket. */
#define RTI__OUT_HIGH_WATER (4u * 1024 * 1024)
#define CONNECT_TIMEOUT_S 10.0

double
rti__now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
rti__fail(rti_ambassador *amb, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(amb->errmsg, sizeof amb->errmsg, fmt, ap);
	va_end(ap);
	return err;
}

RTI_API const char *
rti_error_message(const rti_ambassador *amb)
{
	return amb ? amb->errmsg : "no ambassador";
}

static void
lose_v(rti_ambassador *amb, const char *fmt, va_list ap)
{
	if (amb->lost)
		return;
	amb->lost = 1;
	vsnprintf(amb->lost_reason, sizeof amb->lost_reason, fmt, ap);
}

void
rti__lose(rti_ambassador *amb, const char *fmt, ...)
{
	va_list ap;

	amb->lost_drop = 1;
	va_start(ap, fmt);
	lose_v(amb, fmt, ap);
	va_end(ap);
}

/* The connection closed or failed: what was received before still gets
 * delivered, then connection_lost. */
static void
lose_closed(rti_ambassador *amb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void
lose_closed(rti_ambassador *amb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lose_v(amb, fmt, ap);
	va_end(ap);
}

int
rti__check_connected(rti_ambassador *amb)
{
	if (amb->out_t0 != 0)
		rti__out_age(amb);
	if (!amb->connected)
		return rti__fail(amb, RTI_ERR_NOT_CONNECTED,
		    "not connected to rtiexec");
	if (amb->lost)
		return rti__fail(amb, RTI_ERR_CONNECTION_LOST,
		    "connection to rtiexec lost: %s", amb->lost_reason);
	return RTI_OK;
}

int
rti__check_joined(rti_ambassador *amb)
{
	int rc = rti__check_connected(amb);

	if (rc != RTI_OK)
		return rc;
	if (!amb->joined)
		return rti__fail(amb, RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER,
		    "not joined to a federation execution");
	return RTI_OK;
}

RTI_API rti_ambassador *
rti_ambassador_new(void)
{
	rti_ambassador *amb = calloc(1, sizeof *amb);
	const struct rti__cb_handler *h;
	const struct rti__msg_out *o;
	size_t m;

	if (!amb)
		return NULL;
	amb->fd = -1;
	wire_buf_init(&amb->out);
	wire_buf_init(&amb->in);
	wire_buf_init(&amb->reply);
	wire_buf_init(&amb->req);
	for (m = 0; m <= RTI__MOD_COUNT; m++) {
		for (h = rti__modules[m]->callbacks; h && h->fn; h++)
			amb->dispatch[WIRE_MODULE_OF(h->type) % WIRE_MOD_COUNT]
			    [h->type & 0xff] = h;
		for (o = rti__modules[m]->sends; o && o->type; o++)
			amb->sendkind[WIRE_MODULE_OF(o->type) % WIRE_MOD_COUNT]
			    [o->type & 0xff] = o->kind;
	}
	return amb;
}

/* Leave the joined state: every module frees its slot (librti-int.h). */
void
rti__leave(rti_ambassador *amb)
{
	int m;
	size_t i;

	for (m = RTI__MOD_COUNT - 1; m >= 0; m--)
		if (modules[m]->leave)
			modules[m]->leave(amb);
	fom_free(amb->fom);
	amb->fom = NULL;
	free(amb->federate_name);
	amb->federate_name = NULL;
	free(amb->federation);
	amb->federation = NULL;
	for (i = 0; i < amb->n_fed_names; i++)
		free(amb->fed_names[i].name);
	free(amb->fed_names);
	amb->fed_names = NULL;
	amb->n_fed_names = 0;
	amb->joined = 0;
	amb->self.id = 0;
}

/* Joined: let every module set up.  RTI_OK or the first error
 * (librti-int.h). */
int
rti__enter(rti_ambassador *amb)
{
	int m, rc;

	amb->joined = 1;
	for (m = 0; m < RTI__MOD_COUNT; m++)
		if (modules[m]->join && (rc = modules[m]->join(amb)) != RTI_OK)
			return rc;
	return RTI_OK;
}

/* While a frame is dispatched in place (in_pinned), in.data is about to
 * be replaced: keep the storage holding the frame until the dispatch
 * returns (in_old); storage between the two is no longer needed. */
static void
in_retire(rti_ambassador *amb)
{
	if (amb->in_old)
		free(amb->in.data);
	else
		amb->in_old = amb->in.data;
}

static void
close_conn(rti_ambassador *amb)
{
	if (amb->joined)
		rti__leave(amb);
	if (amb->fd >= 0)
		close(amb->fd);
	amb->fd = -1;
	amb->connected = 0;
	amb->lost = 0;
	amb->lost_reported = 0;
	amb->lost_drop = 0;
	wire_buf_reset(&amb->out);
	amb->out_off = 0;
	amb->out_t0 = 0;
	amb->out_base = 0;
	if (amb->in_pinned) {
		/* a callback closed the connection: its frame stays */
		in_retire(amb);
		wire_buf_init(&amb->in);
	}
	wire_buf_reset(&amb->in);
	amb->in_off = 0;
}

RTI_API void
rti_ambassador_free(rti_ambassador *amb)
{
	if (!amb)
		return;
	close_conn(amb);
	wire_buf_free(&amb->out);
	wire_buf_free(&amb->in);
	free(amb->in_old);
	wire_buf_free(&amb->reply);
	wire_buf_free(&amb->req);
	free(amb->auth_key);
	free(amb);
}

RTI_API int
rti_set_auth_key(rti_ambassador *amb, const void *key, size_t len)
{
	uint8_t *k;

	if (!amb || (!key && len) || len > WIRE_MAX_AUTH_KEY)
		return amb ? rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "key must be at most %d bytes", WIRE_MAX_AUTH_KEY) :
		    RTI_ERR_INVALID_ARGUMENT;
	k = len ? malloc(len) : NULL;
	if (len && !k)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	if (len)
		memcpy(k, key, len);
	free(amb->auth_key);
	amb->auth_key = k;
	amb->auth_key_len = len;
	return RTI_OK;
}

/* ---- low-level I/O ---- */

int
rti__flush(rti_ambassador *amb, int block)
{
	while (amb->out_off < amb->out.len) {
		ssize_t n = send(amb->fd, amb->out.data + amb->out_off,
		    amb->out.len - amb->out_off, MSG_NOSIGNAL | MSG_DONTWAIT);

		if (n > 0) {
			amb->out_off += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			struct pollfd p = { amb->fd, POLLOUT, 0 };

			if (!block)
				break;
			/* Waiting to write: keep reading so that rtiexec
			 * never blocks on us either. */
			p.events |= POLLIN;
			if (poll(&p, 1, 1000) < 0 && errno != EINTR) {
				lose_closed(amb, "poll: %s", strerror(errno));
				return RTI_ERR_CONNECTION_LOST;
			}
			if (p.revents & POLLIN) {
				if (rti__read_some(amb) < 0)
					return RTI_ERR_CONNECTION_LOST;
			}
			continue;
		}
		lose_closed(amb, "send: %s", n < 0 ? strerror(errno) :
		    "closed");
		return RTI_ERR_CONNECTION_LOST;
	}
	if (amb->out_off == amb->out.len) {
		amb->out.len = 0;
		amb->out_off = 0;
		amb->out_t0 = 0;
		amb->out_base = 0;
		return RTI_OK;
	}
	/* The socket is full: try again after another batch or when the
	 * age bound passes, not at every message. */
	amb->out_base = amb->out.len - amb->out_off;
	amb->out_t0 = rti__now();
	if (amb->out_off > 1024 * 1024 &&
	    amb->out_off > amb->out.len / 2) {
		memmove(amb->out.data, amb->out.data + amb->out_off,
		    amb->out.len - amb->out_off);
		amb->out.len -= amb->out_off;
		amb->out_off = 0;
	}
	return RTI_OK;
}

int
rti__in_reserve(rti_ambassador *amb, size_t n)
{
	size_t left = amb->in.len - amb->in_off, cap;
	uint8_t *p;

	if (!amb->in_pinned) {
		/* Compact consumed bytes before growing. */
		if (amb->in_off > 0 && amb->in_off == amb->in.len) {
			amb->in.len = 0;
			amb->in_off = 0;
		} else if (amb->in_off > 65536 &&
		    amb->in_off > amb->in.len / 2) {
			memmove(amb->in.data, amb->in.data + amb->in_off,
			    left);
			amb->in.len = left;
			amb->in_off = 0;
		}
		return wire_buf_reserve(&amb->in, n);
	}
	if (amb->in.cap - amb->in.len >= n)
		return 0;
	/* The frame being dispatched stays where it is: the unread bytes
	 * move to new storage. */
	for (cap = amb->in.cap ? amb->in.cap : READ_CHUNK; cap < left + n;
	    cap *= 2)
		;
	if (!(p = malloc(cap)))
		return -1;
	if (left)
		memcpy(p, amb->in.data + amb->in_off, left);
	in_retire(amb);
	amb->in.data = p;
	amb->in.cap = cap;
	amb->in.len = left;
	amb->in_off = 0;
	return 0;
}

/* One recv into the input: `flags` 0 blocks up to SO_RCVTIMEO,
 * MSG_DONTWAIT does not.  1 = got bytes, 0 = nothing (or timed out or
 * interrupted), -1 = lost. */
static int
read_into(rti_ambassador *amb, int flags)
{
	ssize_t n;

	if (amb->lost)
		return -1;
	if (rti__in_reserve(amb, READ_CHUNK) < 0) {
		rti__lose(amb, "out of memory");
		return -1;
	}
	n = recv(amb->fd, amb->in.data + amb->in.len,
	    amb->in.cap - amb->in.len, flags);
	if (n > 0) {
		amb->rd_empty = (size_t)n < amb->in.cap - amb->in.len;
		amb->in.len += (size_t)n;
		return 1;
	}
	if (n < 0 && errno == EINTR)
		return 0;
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
		amb->rd_empty = 1;
		return 0;
	}
	lose_closed(amb, "%s", n == 0 ? "rtiexec closed the connection" :
	    strerror(errno));
	return -1;
}

/* Read what the socket has without waiting.  As read_into. */
int
rti__read_some(rti_ambassador *amb)
{
	return read_into(amb, MSG_DONTWAIT);
}

/*
 * Waiting over TCP is one blocking recv where it can be (the socket is
 * blocking; every other call passes MSG_DONTWAIT), not a poll and a recv:
 * on a machine where a system call costs a microsecond, that is a tenth
 * of a federate's CPU per time step.  SO_RCVTIMEO bounds the wait: the
 * largest power-of-two fraction of a second that, with the kernel's
 * rounding to its clock tick (WAIT_SLACK_S covers two ticks at 100 Hz),
 * still ends within the wait asked for; the callers loop until their
 * deadline, and a loop evoking with the same timeout sets it once.
 * Shorter waits, and waits while output is pending, use poll.
 */
#define WAIT_SLACK_S 0.025
#define WAIT_BLOCK_MIN_S (2 * WAIT_SLACK_S)

static double
wait_quantum(double s)
{
	double q = 1.0;

	while (q > s)
		q /= 2;
	return q;
}

/* Blocking recv for at most `timeout_s` (<0 = as long as the socket's
 * timeout).  As read_into; -2 = cannot block here, use poll. */
static int
wait_recv(rti_ambassador *amb, double timeout_s)
{
	double t0, q;
	int rc;

	if (amb->wait_poll || amb->out_off < amb->out.len ||
	    (timeout_s >= 0 && timeout_s < WAIT_BLOCK_MIN_S))
		return -2;
	q = timeout_s < 0 ? amb->rcvtmo :
	    wait_quantum(timeout_s - WAIT_SLACK_S);
	if (q != amb->rcvtmo) {
		struct timeval tv = { (time_t)q,
		    (suseconds_t)((q - (double)(time_t)q) * 1e6) };

		if (setsockopt(amb->fd, SOL_SOCKET, SO_RCVTIMEO, &tv,
		    sizeof tv) < 0) {
			amb->wait_poll = 1;
			return -2;
		}
		amb->rcvtmo = q;
	}
	t0 = rti__now();
	rc = read_into(amb, 0);
	/* EAGAIN long before the timeout: the caller's loop made the
	 * socket non-blocking.  Wait with poll from now on. */
	if (rc == 0 && errno != EINTR &&
	    (amb->rcvtmo == 0 || rti__now() - t0 < amb->rcvtmo / 2))
		amb->wait_poll = 1;
	return rc;
}

/* Wait up to `timeout_s` (<0 = forever) for the socket to be readable and
 * read.  Returns as rti__read_some; 0 also on timeout. */
static int
wait_read(rti_ambassador *amb, double timeout_s)
{
	struct pollfd p = { amb->fd, POLLIN, 0 };
	int ms, rc;

	if ((rc = wait_recv(amb, timeout_s)) != -2)
		return rc;
	if (amb->out_off < amb->out.len)
		p.events |= POLLOUT;
	ms = timeout_s < 0 ? -1 : (int)(timeout_s * 1000.0 + 0.999);
	rc = poll(&p, 1, ms);
	if (rc < 0) {
		if (errno == EINTR)
			return 0;
		lose_closed(amb, "poll: %s", strerror(errno));
		return -1;
	}
	if (p.revents & POLLOUT)
		if (rti__flush(amb, 0) != RTI_OK)
			return -1;
	if (p.revents & (POLLIN | POLLHUP | POLLERR))
		return rti__read_some(amb);
	return 0;
}

/* Locate the next complete frame at `off` in the input.  1 found (type,
 * payload offset and length set), 0 incomplete, -1 oversized. */
static int
frame_at(rti_ambassador *amb, size_t off, uint16_t *type, size_t *poff,
    uint32_t *len)
{
	uint16_t flags;
	int rc;

	rc = wire_frame_peek(amb->in.data + off, amb->in.len - off,
	    WIRE_DEFAULT_MAX_FRAME * 64u, type, &flags, len);
	if (rc <= 0)
		return rc;
	if (amb->in.len - off - WIRE_HEADER_SIZE < *len)
		return 0;
	*poff = off + WIRE_HEADER_SIZE;
	return 1;
}

/* Resigned: drop the callbacks of the federation still queued (rtiexec
 * sent them before its reply; HLA delivers none after the resign), so
 * that none reaches a later membership.  A federation list report, which
 * belongs to the connection, stays; so does a partial frame. */
void
rti__drop_member_frames(rti_ambassador *amb)
{
	size_t rd = amb->in_off, wr = amb->in_off, poff;
	uint16_t type;
	uint32_t len;

	while (frame_at(amb, rd, &type, &poff, &len) > 0) {
		size_t n = poff + len - rd;

		if (type == WIRE_CB_LIST_REPORT) {
			memmove(amb->in.data + wr, amb->in.data + rd, n);
			wr += n;
		}
		rd += n;
	}
	memmove(amb->in.data + wr, amb->in.data + rd, amb->in.len - rd);
	amb->in.len -= rd - wr;
}

/* ---- connect ---- */

static int
parse_url(rti_ambassador *amb, const char *url, char *host, size_t hostlen,
    char *port, size_t portlen, int *is_unix)
{
	const char *p = url, *colon;

	*is_unix = 0;
	if (!url || !*url)
		url = p = "tcp://127.0.0.1";
	if (strncmp(p, "unix://", 7) == 0) {
		*is_unix = 1;
		if (strlen(p + 7) == 0 || strlen(p + 7) >= hostlen)
			return -1;
		strcpy(host, p + 7);
		return 0;
	}
	if (strncmp(p, "tcp://", 6) == 0)
		p += 6;
	if (*p == '[') {
		const char *end = strchr(p, ']');

		if (!end || (size_t)(end - p - 1) >= hostlen)
			return -1;
		memcpy(host, p + 1, (size_t)(end - p - 1));
		host[end - p - 1] = '\0';
		colon = end[1] == ':' ? end + 1 : NULL;
		if (end[1] && !colon)
			return -1;
	} else {
		colon = strrchr(p, ':');
		size_t hl = colon ? (size_t)(colon - p) : strlen(p);

		if (hl == 0 || hl >= hostlen)
			return -1;
		memcpy(host, p, hl);
		host[hl] = '\0';
	}
	if (colon) {
		char *end;
		long v = strtol(colon + 1, &end, 10);

		if (*end || v <= 0 || v > 65535 || strlen(colon + 1) >= portlen)
			return -1;
		strcpy(port, colon + 1);
	} else {
		snprintf(port, portlen, "%d", RTI_DEFAULT_PORT);
	}
	(void)amb;
	return 0;
}

static int
open_socket(rti_ambassador *amb, const char *url)
{
	char host[256], port[16];
	int is_unix, fd = -1;

	if (parse_url(amb, url, host, sizeof host, port, sizeof port,
	    &is_unix) < 0)
		return rti__fail(amb, RTI_ERR_INVALID_LOCAL_SETTINGS_DESIGNATOR,
		    "bad rtiexec URL '%s' (want tcp://HOST:PORT or "
		    "unix:///PATH)", url);
	if (is_unix) {
		struct sockaddr_un un;

		memset(&un, 0, sizeof un);
		un.sun_family = AF_UNIX;
		if (strlen(host) >= sizeof un.sun_path)
			return rti__fail(amb,
			    RTI_ERR_INVALID_LOCAL_SETTINGS_DESIGNATOR,
			    "unix socket path too long");
		strcpy(un.sun_path, host);
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0 || connect(fd, (struct sockaddr *)&un,
		    sizeof un) < 0) {
			int e = errno;

			if (fd >= 0)
				close(fd);
			return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
			    "cannot connect to %s: %s", host, strerror(e));
		}
	} else {
		struct addrinfo hints, *res = NULL, *ai;
		int gai, e = 0;

		memset(&hints, 0, sizeof hints);
		hints.ai_family = AF_UNSPEC;
		hints.ai_socktype = SOCK_STREAM;
		gai = getaddrinfo(host, port, &hints, &res);
		if (gai != 0)
			return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
			    "cannot resolve %s: %s", host, gai_strerror(gai));
		for (ai = res; ai; ai = ai->ai_next) {
			fd = socket(ai->ai_family, ai->ai_socktype |
			    SOCK_CLOEXEC, ai->ai_protocol);
			if (fd < 0)
				continue;
			if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
				break;
			e = errno;
			close(fd);
			fd = -1;
		}
		freeaddrinfo(res);
		if (fd < 0)
			return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
			    "cannot connect to %s:%s: %s", host, port,
			    strerror(e ? e : ECONNREFUSED));
		(void)tcp_tune(fd);
	}
	amb->fd = fd;
	amb->rcvtmo = 0;
	/* A Unix-domain socket wakes a reader blocked in recv whenever its
	 * peer reads too (write space), a poll only for input: there a
	 * blocking recv costs extra wake-ups, so wait with poll. */
	amb->wait_poll = is_unix;
	return RTI_OK;
}

RTI_API int
rti_connect(rti_ambassador *amb, const char *url,
    const struct rti_callbacks *callbacks, void *arg)
{
	struct wire_buf *b;
	size_t off, poff;
	uint16_t type;
	uint32_t len;
	double deadline;
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (amb->in_callback)
		return rti__fail(amb, RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
		    "rti_connect inside a callback");
	if (amb->connected)
		return rti__fail(amb, RTI_ERR_ALREADY_CONNECTED,
		    "already connected");
	if (callbacks)
		amb->cb = *callbacks;
	else
		memset(&amb->cb, 0, sizeof amb->cb);
	amb->arg = arg;
	rc = open_socket(amb, url);
	if (rc != RTI_OK)
		return rc;
	amb->connected = 1;
	b = rti__msg_begin(amb, WIRE_HELLO, &off);
	wire_put_u32(b, WIRE_MAGIC);
	wire_put_u16(b, WIRE_VERSION);
	wire_put_blob(b, amb->auth_key, amb->auth_key_len);
	if (rti__msg_end(amb, off, 1) != RTI_OK ||
	    rti__flush(amb, 1) != RTI_OK)
		goto lost;
	deadline = rti__now() + CONNECT_TIMEOUT_S;
	for (;;) {
		rc = frame_at(amb, amb->in_off, &type, &poff, &len);
		if (rc < 0)
			goto bad;
		if (rc > 0)
			break;
		if (rti__now() > deadline) {
			rti__lose(amb, "no handshake answer within %.0f s",
			    CONNECT_TIMEOUT_S);
			goto lost;
		}
		if (wait_read(amb, deadline - rti__now()) < 0)
			goto lost;
	}
	{
		struct wire_rd rd;

		wire_rd_init(&rd, amb->in.data + poff, len);
		amb->in_off = poff + len;
		if (type == WIRE_HELLO_NAK) {
			uint32_t err = wire_get_u32(&rd);
			const char *msg = wire_get_str(&rd, 1024);

			if (rd.err || err >= RTI_ERR__COUNT || err == 0)
				goto bad;
			rc = rti__fail(amb, (int)err, "rtiexec refused: %s",
			    msg);
			close_conn(amb);
			return rc;
		}
		if (type != WIRE_HELLO_ACK || wire_get_u32(&rd) != WIRE_MAGIC)
			goto bad;
		(void)wire_get_u16(&rd);
		amb->max_frame = wire_get_u32(&rd);
		if (rd.err)
			goto bad;
	}
	amb->errmsg[0] = '\0';
	return RTI_OK;
bad:
	close_conn(amb);
	return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
	    "not an rtiexec (bad handshake)");
lost:
	rc = rti__fail(amb, RTI_ERR_CONNECTION_FAILED, "handshake failed: %s",
	    amb->lost_reason);
	close_conn(amb);
	return rc;
}

RTI_API int
rti_disconnect(rti_ambassador *amb)
{
	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (amb->in_callback)
		return rti__fail(amb, RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
		    "rti_disconnect inside a callback");
	if (!amb->connected)
		return rti__fail(amb, RTI_ERR_NOT_CONNECTED, "not connected");
	if (!amb->lost) {
		size_t m;

		for (m = 0; m < RTI__MOD_COUNT; m++)
			if (modules[m]->flush)
				modules[m]->flush(amb);
		(void)rti__flush(amb, 1);
	}
	close_conn(amb);
	return RTI_OK;
}

RTI_API int
rti_get_fd(const rti_ambassador *amb)
{
	return amb && amb->connected ? amb->fd : -1;
}

/* ---- output ---- */

static uint8_t
send_kind(const rti_ambassador *amb, uint16_t type)
{
	return amb->sendkind[WIRE_MODULE_OF(type) % WIRE_MOD_COUNT]
	    [type & 0xff];
}

struct wire_buf *
rti__msg_begin(rti_ambassador *amb, uint16_t type, size_t *off)
{
	if (send_kind(amb, type) != RTI__ONE_WAY)
		amb->msg_bad = type;
	*off = wire_frame_begin(&amb->out, type);
	return &amb->out;
}

int
rti__msg_end(rti_ambassador *amb, size_t off, int now)
{
	if (amb->msg_bad) {
		uint16_t type = amb->msg_bad;

		amb->msg_bad = 0;
		amb->out.len = off;
		amb->out.oom = 0;
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR,
		    "librti: message 0x%04x is not declared one-way", type);
	}
	if (amb->out.oom) {
		amb->out.len = off;
		amb->out.oom = 0;
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	wire_frame_end(&amb->out, off);
	if (!now)
		return rti__out_queued(amb);
	/* Backpressure: past the high-water mark, wait until the socket has
	 * taken it (reading meanwhile, so neither side can block). */
	if (now || amb->out.len - amb->out_off > RTI__OUT_HIGH_WATER)
		return rti__flush(amb, amb->out.len - amb->out_off >
		    RTI__OUT_HIGH_WATER) == RTI_OK ? RTI_OK :
		    rti__fail(amb, RTI_ERR_CONNECTION_LOST,
		    "connection to rtiexec lost: %s", amb->lost_reason);
	return RTI_OK;
}

void
rti__out_note(rti_ambassador *amb)
{
	if (amb->out_t0 == 0)
		amb->out_t0 = rti__now();
}

int
rti__out_queued(rti_ambassador *amb)
{
	size_t unsent = amb->out.len - amb->out_off;

	if (unsent <= RTI__OUT_HIGH_WATER && (unsent < amb->out_base ||
	    unsent - amb->out_base < RTI__OUT_BATCH)) {
		/* The age bound is checked at the start of every call
		 * (rti__check_connected), not again here. */
		if (amb->out_t0 == 0)
			amb->out_t0 = rti__now();
		return RTI_OK;
	}
	return rti__flush(amb, unsent > RTI__OUT_HIGH_WATER) == RTI_OK ?
	    RTI_OK : rti__fail(amb, RTI_ERR_CONNECTION_LOST,
	    "connection to rtiexec lost: %s", amb->lost_reason);
}

void
rti__out_age(rti_ambassador *amb)
{
	if (!amb->connected || amb->lost || amb->in_flush ||
	    rti__now() - amb->out_t0 < RTI__OUT_AGE_S)
		return;
	amb->in_flush = 1;
	rti__flush_modules(amb);
	amb->in_flush = 0;
	(void)rti__flush(amb, 0);
}

/* ---- requests ---- */

struct wire_buf *
rti__req_begin(rti_ambassador *amb, uint16_t type)
{
	wire_buf_reset(&amb->req);
	amb->req_bad = send_kind(amb, type) == RTI__REQUEST ? 0 : type;
	amb->req_off = wire_frame_begin(&amb->req, type);
	wire_put_u32(&amb->req, ++amb->serial);
	return &amb->req;
}

void
rti__flush_modules(rti_ambassador *amb)
{
	size_t m;

	for (m = 0; m < RTI__MOD_COUNT; m++)
		if (modules[m]->flush)
			modules[m]->flush(amb);
}

int
rti__req_finish(rti_ambassador *amb, struct wire_rd *body)
{
	size_t scan, rel, poff;
	uint16_t type;
	uint32_t len, serial = amb->serial;
	int rc;

	if (amb->req_bad)
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR,
		    "librti: message 0x%04x is not declared as a request",
		    amb->req_bad);
	if (amb->req.oom)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	if (amb->req.len - amb->req_off - WIRE_HEADER_SIZE > amb->max_frame)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "request of %zu bytes exceeds rtiexec's frame limit %u",
		    amb->req.len, amb->max_frame);
	wire_frame_end(&amb->req, amb->req_off);
	rti__flush_modules(amb);
	wire_put_raw(&amb->out, amb->req.data, amb->req.len);
	if (amb->out.oom) {
		amb->out.oom = 0;
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	if (rti__flush(amb, 1) != RTI_OK)
		goto lost;
	/* Reading may compact the input: keep the scan position relative to
	 * the first unread byte. */
	rel = 0;
	for (;;) {
		scan = amb->in_off + rel;
		rc = frame_at(amb, scan, &type, &poff, &len);
		if (rc < 0) {
			rti__lose(amb, "oversized frame from rtiexec");
			goto lost;
		}
		if (rc == 0) {
			if (wait_read(amb, -1) < 0)
				goto lost;
			continue;
		}
		if (type == WIRE_REPLY && len >= 4 &&
		    wire_get32(amb->in.data + poff) == serial)
			break;
		rel = poff + len - amb->in_off;
	}
	/* Take the reply out of the input; callbacks around it stay. */
	wire_buf_reset(&amb->reply);
	wire_put_raw(&amb->reply, amb->in.data + poff, len);
	if (amb->reply.oom)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	memmove(amb->in.data + poff - WIRE_HEADER_SIZE, amb->in.data + poff +
	    len, amb->in.len - poff - len);
	amb->in.len -= WIRE_HEADER_SIZE + len;
	{
		struct wire_rd rd;
		uint32_t err;
		const char *msg;

		wire_rd_init(&rd, amb->reply.data, amb->reply.len);
		(void)wire_get_u32(&rd);
		err = wire_get_u32(&rd);
		msg = wire_get_str(&rd, 4096);
		if (rd.err || err >= RTI_ERR__COUNT) {
			rti__lose(amb, "malformed reply from rtiexec");
			goto lost;
		}
		snprintf(amb->errmsg, sizeof amb->errmsg, "%s", msg);
		if (body)
			*body = rd;
		return (int)err;
	}
lost:
	return rti__fail(amb, RTI_ERR_CONNECTION_LOST,
	    "connection to rtiexec lost: %s", amb->lost_reason);
}

/* ---- evoke ---- */

/* Deliver one queued callback.  1 delivered, 0 none queued, -1 lost
 * (connection_lost delivered now or before).  After the connection
 * closed, the frames received before are delivered first; after a
 * malformed frame (lost_drop) none is. */
static int
deliver_one(rti_ambassador *amb)
{
	size_t poff;
	uint16_t type;
	uint32_t len;
	int rc;

	if (amb->lost && (amb->lost_reported || amb->lost_drop ||
	    frame_at(amb, amb->in_off, &type, &poff, &len) <= 0)) {
		if (amb->lost_reported)
			return -1;
		amb->lost_reported = 1;
		if (amb->cb.connection_lost) {
			amb->in_callback = 1;
			amb->cb.connection_lost(amb->arg, amb->lost_reason);
			amb->in_callback = 0;
		}
		return -1;
	}
	rc = frame_at(amb, amb->in_off, &type, &poff, &len);
	if (rc < 0) {
		rti__lose(amb, "oversized frame from rtiexec");
		return deliver_one(amb);
	}
	if (rc == 0)
		return 0;
	/* Dispatched in place: requests the callback makes read behind it
	 * (rti__in_reserve moves the unread bytes, never the frame). */
	amb->in_off = poff + len;
	amb->in_pinned = 1;
	rc = rti__dispatch(amb, type, amb->in.data + poff, len);
	amb->in_pinned = 0;
	free(amb->in_old);
	amb->in_old = NULL;
	if (rc < 0) {
		rti__lose(amb, "malformed or unexpected message 0x%04x from "
		    "rtiexec", type);
		return deliver_one(amb);
	}
	return 1;
}

int
rti__dispatch(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len)
{
	const struct rti__cb_handler *h = NULL;
	struct wire_rd rd;
	int rc, nested = amb->in_callback;

	wire_rd_init(&rd, payload, len);
	if (WIRE_MODULE_OF(type) < WIRE_MOD_COUNT)
		h = amb->dispatch[WIRE_MODULE_OF(type)][type & 0xff];
	if (!h)
		return -1;
	amb->in_callback = 1;
	rc = h->fn(amb, type, &rd);
	amb->in_callback = nested;
	return rc < 0 ? -1 : 0;
}

/* An asynchronous error of rtiexec lands in the error message. */
static int
cb_notice(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint32_t err = wire_get_u32(rd);
	const char *msg = wire_get_str(rd, 4096);

	(void)type;
	if (rd->err)
		return -1;
	snprintf(amb->errmsg, sizeof amb->errmsg, "rtiexec: %s (%s)", msg,
	    rti_err_name((int)err));
	return 0;
}

static int
evoke(rti_ambassador *amb, double min_s, double max_s, int *pending,
    int at_most_one)
{
	double start = rti__now(), now;
	int rc;
	size_t poff;
	uint16_t type;
	uint32_t len;

	if (pending)
		*pending = 0;
	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (amb->in_callback)
		return rti__fail(amb, RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
		    "evoke inside a callback");
	if (!amb->connected)
		return rti__fail(amb, RTI_ERR_NOT_CONNECTED, "not connected");
	if (min_s < 0 || max_s < 0 || min_s != min_s || max_s != max_s)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "negative or NaN evoke time");
	if (max_s < min_s)
		max_s = min_s;
	if (!amb->lost) {
		rti__flush_modules(amb);
		(void)rti__flush(amb, 0);
	}
	for (;;) {
		rc = deliver_one(amb);
		if (rc < 0)
			return rti__fail(amb, RTI_ERR_CONNECTION_LOST,
			    "connection to rtiexec lost: %s",
			    amb->lost_reason);
		if (rc > 0) {
			if (at_most_one)
				break;
			if (rti__now() - start >= max_s)
				break;
			continue;
		}
		/*
		 * Nothing queued: read what is there, or wait.  When the last
		 * read emptied the socket (say, a grant awaited right after
		 * its request), a read now would most likely find nothing:
		 * wait first, so that the wake-up is one poll and one read.
		 */
		now = rti__now();
		if (!amb->rd_empty || now - start >= min_s) {
			rc = rti__read_some(amb);
			if (rc != 0)
				continue; /* new bytes, or connection_lost */
			if (now - start >= min_s)
				break;
		}
		(void)wait_read(amb, min_s - (now - start));
	}
	/* What the callbacks sent goes out now, not at the next call. */
	if (!amb->lost && amb->out_t0 != 0) {
		rti__flush_modules(amb);
		(void)rti__flush(amb, 0);
	}
	if (pending)
		*pending = amb->lost ? !amb->lost_reported :
		    frame_at(amb, amb->in_off, &type, &poff, &len) != 0;
	return RTI_OK;
}

RTI_API int
rti_evoke_callbacks(rti_ambassador *amb, double min_s, double max_s,
    int *pending)
{
	return evoke(amb, min_s, max_s, pending, 0);
}

RTI_API int
rti_evoke_callback(rti_ambassador *amb, double wait_s, int *pending)
{
	return evoke(amb, wait_s, wait_s, pending, 1);
}
