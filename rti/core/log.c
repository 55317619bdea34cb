/* SPDX-License-Identifier: Apache-2.0 */
/*
 * log.c - rtiexec's log: leveled lines on stderr (rti_log), the status
 * line SIGUSR1 asks for, and the rate-limited lines a client can cause
 * before it is trusted (rl_log: at most one per reason and second, the
 * rest counted).
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>


#include "conn.h"
#include "logesc.h"

static const char *const level_names[] = { "error", "warn", "info",
	"debug" };

/* The longest message logged, before escaping. */
#define LOG_LINE_MAX 4096

/* One line: the message formatted, then escaped whole (logesc.h), so that
 * nothing a client named can end it or drive the terminal. */
static void
vlog(const char *label, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
static void
vlog(const char *label, const char *fmt, va_list ap)
{
	char raw[LOG_LINE_MAX], esc[LOG_ESCAPE_MAX(LOG_LINE_MAX)];
	struct timespec ts;
	struct tm tm;
	char when[32];
	int n, cut = 0;

	n = vsnprintf(raw, sizeof raw, fmt, ap);
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof raw) {
		n = sizeof raw - 1;
		cut = 1;
	}
	log_escape(esc, sizeof esc, raw, (size_t)n);
	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	strftime(when, sizeof when, "%H:%M:%S", &tm);
	fprintf(stderr, "rtiexec %s.%03ld %s: %s%s\n", when,
	    ts.tv_nsec / 1000000, label, esc, cut ? "..." : "");
}

void
rti_log(struct rti_server *srv, int level, const char *fmt, ...)
{
	va_list ap;

	if (level > srv->pub.cfg.log_level)
		return;
	va_start(ap, fmt);
	vlog(level_names[level], fmt, ap);
	va_end(ap);
}

/* A line asked for (SIGUSR1): at every log level, labelled "status". */
void
status_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog("status", fmt, ap);
	va_end(ap);
}

double
mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double
mono_coarse(void)
{
	struct timespec ts;

#ifdef CLOCK_MONOTONIC_COARSE
	if (clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) == 0)
		return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
#endif
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What the held-back lines of each reason were about, for their count. */
static const char *const rl_what[RL_COUNT] = {
	[RL_MAX_CONNECTIONS] = "connections refused (--max-connections)",
	[RL_MAX_STARTUPS] = "connections without a handshake closed to "
	    "make room (--max-startups)",
	[RL_PER_SOURCE] = "connections without a handshake closed to make "
	    "room (--per-source-max-startups)",
	[RL_HANDSHAKE_TIMEOUT] = "connections closed without a handshake "
	    "(--handshake-timeout)",
	[RL_PREAUTH_FRAME] = "connections closed for a frame too long "
	    "before the handshake",
	[RL_BAD_HELLO] = "connections closed for a protocol error before "
	    "the handshake",
	[RL_HELLO_REFUSED] = "handshakes refused",
	[RL_ACCEPT] = "accept failures",
	[RL_DGRAM] = "datagrams dropped",
};

/* Arm rl_ev to write the held-back counts once their second is over. */
static void
rl_arm(struct rti_server *srv, double now)
{
	double due = -1;
	struct timeval tv;
	size_t r;

	for (r = 0; r < RL_COUNT; r++)
		if (srv->rl[r].held && (due < 0 || srv->rl[r].last < due))
			due = srv->rl[r].last;
	if (due < 0)
		return;
	due = due + 1.0 - now;
	if (due < 0.001)
		due = 0.001;
	tv.tv_sec = (time_t)due;
	tv.tv_usec = (suseconds_t)((due - (double)tv.tv_sec) * 1e6);
	event_add(srv->rl_ev, &tv);
}

/*
 * A log line for `r` that a client can cause before it is trusted
 * (refusals, handshake timeouts, bad handshakes, accept failures): at
 * most one line per reason and second.  Lines held back are counted; the
 * count is written with the next line of that reason, or by rl_flush_cb
 * a second after the last line written.
 */
static void rl_vlog(struct rti_server *srv, enum srv_rl r, int level,
    const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));

static void
rl_vlog(struct rti_server *srv, enum srv_rl r, int level, const char *fmt,
    va_list ap)
{
	struct srv_ratelim *rl = &srv->rl[r];
	double now;
	char line[512];

	if (level > srv->pub.cfg.log_level)
		return;
	now = mono_now();
	if (rl->logged && now - rl->last < 1.0) {
		if (rl->held++ == 0 || level < rl->level)
			rl->level = level;
		rl_arm(srv, now);
		return;
	}
	vsnprintf(line, sizeof line, fmt, ap);
	if (rl->held)
		rti_log(srv, level, "%s (and %llu more %s in the last %.1f s)",
		    line, (unsigned long long)rl->held, rl_what[r],
		    now - rl->last);
	else
		rti_log(srv, level, "%s", line);
	rl->logged = 1;
	rl->last = now;
	rl->held = 0;
}

void
rl_log(struct rti_server *srv, enum srv_rl r, int level, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	rl_vlog(srv, r, level, fmt, ap);
	va_end(ap);
}

void
rl_log_dgram(struct rti_server *srv, int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rl_vlog(srv, RL_DGRAM, level, fmt, ap);
	va_end(ap);
}

void
rl_flush_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	double now = mono_now();
	size_t r;

	(void)fd;
	(void)what;
	for (r = 0; r < RL_COUNT; r++) {
		struct srv_ratelim *rl = &srv->rl[r];

		if (!rl->held || now - rl->last < 0.999)
			continue;
		rti_log(srv, rl->level, "%llu more %s in the last %.1f s",
		    (unsigned long long)rl->held, rl_what[r], now - rl->last);
		rl->last = now;
		rl->held = 0;
	}
	rl_arm(srv, now);
}
