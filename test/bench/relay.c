/* SPDX-License-Identifier: Apache-2.0 */
/*
 * relay.c - the raw-relay baseline of rtibench: the least work a central
 * process can do to move length-prefixed frames between two clients over
 * loopback TCP (one thread, non-blocking sockets, batched reads and
 * writes).  Every rti figure is reported as a ratio to it.
 *
 * barrier_serve is the same for the time-advance pattern: n clients each
 * send one request and wait; when every client's request is in, the
 * server answers all n, writing the answers with one io_uring submission
 * as rtiexec does (send() where io_uring is unavailable).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/epoll.h>

#include "bench.h"
#include "tcp.h"
#include "uring.h"

#define RELAY_BUF (1u << 20)

struct side {
	int fd;
	uint8_t *in;
	size_t in_len;
	uint8_t *out;
	size_t out_len, out_off;
};

static int
set_nonblock(int fd)
{
	return fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/* The length prefix of a frame starting at p. */
static uint32_t
frame_len(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
	    ((uint32_t)p[2] << 8) | p[3];
}

/* Move complete frames of `a`'s input to `b`'s output. */
static void
forward(struct side *a, struct side *b)
{
	size_t off = 0;

	while (a->in_len - off >= 4) {
		size_t total = 4 + (size_t)frame_len(a->in + off);

		if (a->in_len - off < total ||
		    RELAY_BUF - b->out_len < total)
			break;
		memcpy(b->out + b->out_len, a->in + off, total);
		b->out_len += total;
		off += total;
	}
	memmove(a->in, a->in + off, a->in_len - off);
	a->in_len -= off;
}

static int
flush_side(struct side *s)
{
	while (s->out_off < s->out_len) {
		ssize_t n = send(s->fd, s->out + s->out_off,
		    s->out_len - s->out_off, MSG_NOSIGNAL);

		if (n > 0) {
			s->out_off += (size_t)n;
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			break;
		return -1;
	}
	if (s->out_off == s->out_len)
		s->out_off = s->out_len = 0;
	else if (s->out_off > RELAY_BUF / 2) {
		memmove(s->out, s->out + s->out_off, s->out_len - s->out_off);
		s->out_len -= s->out_off;
		s->out_off = 0;
	}
	return 0;
}

/* Serve two clients on `lfd` until either closes. */
int
relay_serve(int lfd)
{
	struct side s[2];
	struct pollfd p[2];
	int i;

	for (i = 0; i < 2; i++) {
		s[i].fd = accept(lfd, NULL, NULL);
		if (s[i].fd < 0)
			return -1;
		(void)tcp_tune(s[i].fd);
		set_nonblock(s[i].fd);
		s[i].in = malloc(RELAY_BUF);
		s[i].out = malloc(RELAY_BUF);
		s[i].in_len = s[i].out_len = s[i].out_off = 0;
		if (!s[i].in || !s[i].out)
			return -1;
	}
	for (;;) {
		for (i = 0; i < 2; i++) {
			p[i].fd = s[i].fd;
			p[i].events = 0;
			/* Backpressure: read only while the peer's output
			 * has room. */
			if (s[i].in_len < RELAY_BUF &&
			    s[1 - i].out_len < RELAY_BUF / 2)
				p[i].events |= POLLIN;
			if (s[i].out_len > s[i].out_off)
				p[i].events |= POLLOUT;
		}
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < 2; i++) {
			if (p[i].revents & (POLLIN | POLLHUP | POLLERR)) {
				ssize_t n = recv(s[i].fd, s[i].in + s[i].in_len,
				    RELAY_BUF - s[i].in_len, 0);

				if (n == 0 || (n < 0 && errno != EAGAIN &&
				    errno != EINTR))
					goto out;
				if (n > 0)
					s[i].in_len += (size_t)n;
				forward(&s[i], &s[1 - i]);
			}
		}
		for (i = 0; i < 2; i++)
			if (flush_side(&s[i]) < 0)
				goto out;
	}
out:
	for (i = 0; i < 2; i++) {
		close(s[i].fd);
		free(s[i].in);
		free(s[i].out);
	}
	return 0;
}

struct bpeer {
	int fd;
	uint8_t in[4096];
	size_t in_len;
	long pending;             /* complete requests not yet answered */
	int answered;             /* this round: 0 not yet, else the send's
	                             result */
};

static void
barrier_res(void *arg, uint64_t tag, int n)
{
	struct bpeer *cl = arg;

	cl[tag].answered = n ? n : -1;
}

/* Answer every client once; 0 or -1.  A client has at most one answer
 * outstanding, so a socket never lacks room for it.  Like rtiexec, it
 * writes with send() from the first failed submission on, to the
 * clients that submission did not reach. */
static int
barrier_answer(struct uring **u, struct bpeer *cl, int n,
    const uint8_t *rep, size_t rep_len)
{
	int i;

	for (i = 0; i < n; i++)
		cl[i].answered = 0;
	if (*u && uring_room(*u) >= (unsigned)n) {
		for (i = 0; i < n; i++)
			uring_send(*u, cl[i].fd, rep, rep_len, (uint64_t)i);
		if (uring_flush(*u, barrier_res, cl) < 0) {
			uring_free(*u);
			*u = NULL;
		}
	}
	for (i = 0; i < n; i++) {
		if (!cl[i].answered)
			cl[i].answered = (int)send(cl[i].fd, rep, rep_len,
			    MSG_NOSIGNAL | MSG_DONTWAIT);
		if (cl[i].answered != (int)rep_len)
			return -1;
	}
	return 0;
}

/* Count the complete frames at the head of c->in and drop them. */
static void
barrier_frames(struct bpeer *c)
{
	size_t off = 0;

	while (c->in_len - off >= 4) {
		size_t total = 4 + (size_t)frame_len(c->in + off);

		if (c->in_len - off < total)
			break;
		off += total;
		c->pending++;
	}
	memmove(c->in, c->in + off, c->in_len - off);
	c->in_len -= off;
}

int
barrier_serve(int lfd, int n, size_t rep_len)
{
	struct bpeer *cl = calloc((size_t)n, sizeof *cl);
	uint8_t *rep = calloc(1, rep_len);
	struct epoll_event *ev = calloc((size_t)n, sizeof *ev);
	struct uring *u = NULL;
	int ep = epoll_create1(0), i, k, rc = -1;

	if (n < 1 || !cl || !rep || !ev || ep < 0 || rep_len < 4 ||
	    rep_len > 4096)
		goto out;
	rep[3] = (uint8_t)(rep_len - 4);
	for (i = 0; i < n; i++)
		cl[i].fd = -1;
	for (i = 0; i < n; i++) {
		struct epoll_event e;

		cl[i].fd = accept(lfd, NULL, NULL);
		if (cl[i].fd < 0)
			goto out;
		(void)tcp_tune(cl[i].fd);
		memset(&e, 0, sizeof e);
		e.events = EPOLLIN;
		e.data.u32 = (uint32_t)i;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, cl[i].fd, &e) < 0)
			goto out;
	}
	u = uring_init((unsigned)n);
	for (;;) {
		int all;

		k = epoll_wait(ep, ev, n, -1);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			goto out;
		for (i = 0; i < k; i++) {
			struct bpeer *c = &cl[ev[i].data.u32];
			ssize_t r = recv(c->fd, c->in + c->in_len,
			    sizeof c->in - c->in_len, MSG_DONTWAIT);

			if (r == 0) {
				rc = 0;
				goto out;
			}
			if (r < 0 && errno != EAGAIN && errno != EINTR)
				goto out;
			if (r > 0) {
				c->in_len += (size_t)r;
				barrier_frames(c);
			}
		}
		do {
			all = 1;
			for (i = 0; i < n && all; i++)
				all = cl[i].pending > 0;
			if (all) {
				for (i = 0; i < n; i++)
					cl[i].pending--;
				if (barrier_answer(&u, cl, n, rep, rep_len) < 0)
					goto out;
			}
		} while (all);
	}
out:
	uring_free(u);
	for (i = 0; cl && i < n; i++)
		if (cl[i].fd >= 0)
			close(cl[i].fd);
	if (ep >= 0)
		close(ep);
	free(cl);
	free(rep);
	free(ev);
	return rc;
}
