/*
 * relay.c - the raw-relay baseline of rtibench: the least work a central
 * process can do to move length-prefixed frames between two clients over
 * loopback TCP (one thread, non-blocking sockets, batched reads and
 * writes).  Every rti figure is reported as a ratio to it.
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

#include "bench.h"

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

/* Move complete frames of `a`'s input to `b`'s output. */
static void
forward(struct side *a, struct side *b)
{
	size_t off = 0;

	while (a->in_len - off >= 4) {
		uint32_t len = ((uint32_t)a->in[off] << 24) |
		    ((uint32_t)a->in[off + 1] << 16) |
		    ((uint32_t)a->in[off + 2] << 8) | a->in[off + 3];
		size_t total = 4 + (size_t)len;

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
	int i, one = 1;

	for (i = 0; i < 2; i++) {
		s[i].fd = accept(lfd, NULL, NULL);
		if (s[i].fd < 0)
			return -1;
		setsockopt(s[i].fd, IPPROTO_TCP, TCP_NODELAY, &one,
		    sizeof one);
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
