/* SPDX-License-Identifier: Apache-2.0 */
/*
 * heartbeat.c - a peer that vanishes without a FIN or RST (a host that
 * lost power or its network) is noticed within --heartbeat-timeout:
 * one sweep per heartbeat period over the connections, and nothing on
 * the way of a frame but conn_read_cb's count of its reads.
 *
 * Each period the sweep sends WIRE_CB_HEARTBEAT to every connection that
 * was sent nothing since the last sweep (bytes_out did not move), and
 * drops one that was read nothing (rx_reads did not move) for the
 * timeout: its federate is resigned with its resign action, as a killed
 * one's.  Silence rtiexec causes itself does not count: a connection
 * whose reading is stopped (held back by --max-total-queue, or a
 * deferred frame) restarts its quiet time at every sweep.
 */
#include "config.h"

#include <stdio.h>

#include "conn.h"
#include "events.h"

static void
hb_sweep_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	struct conn *c, *next;
	double now = mono_now(), t = srv->pub.cfg.heartbeat_timeout;
	struct wire_buf *b;
	size_t off;
	char why[96];

	(void)fd;
	(void)what;
	srv->hb_swept_at = now;
	for (c = srv->conns; c; c = next) {
		next = c->next;
		if (!c->hello_done || c->closing)
			continue;
		if (c->rx_reads != c->hb_rx_seen || c->paused ||
		    c->deferred) {
			c->hb_rx_seen = c->rx_reads;
			c->hb_quiet_since = now;
		} else if (now - c->hb_quiet_since >= t) {
			srv->pub.stats.heartbeat_timeouts++;
			snprintf(why, sizeof why, "nothing received for "
			    "%.1f s (--heartbeat-timeout %g)",
			    now - c->hb_quiet_since, t);
			if (c->pub.fed)
				events_leaving(c->pub.fed, EV_WHY_HEARTBEAT,
				    why);
			conn_drop_silent(c, why);
			continue;
		}
		if (c->bytes_out == c->hb_out_seen) {
			b = srv_frame(srv, WIRE_CB_HEARTBEAT, &off);
			wire_frame_end(b, off);
			(void)conn_send_buf(c, b);
		}
		c->hb_out_seen = c->bytes_out;
	}
}

void
hb_conn_start(struct conn *c)
{
	c->hb_rx_seen = c->rx_reads;
	c->hb_out_seen = c->bytes_out;
	c->hb_quiet_since = mono_now();
	c->rx_at = c->hb_quiet_since;
}

int
hb_init(struct rti_server *srv)
{
	struct rti_config *cfg = &srv->pub.cfg;
	double p;
	struct timeval tv;

	if (cfg->heartbeat_timeout == 0)
		cfg->heartbeat_timeout = RTI_DEFAULT_HEARTBEAT_TIMEOUT;
	if (cfg->heartbeat_timeout < 0) {
		rti_log(srv, LOG_INFO, "no heartbeats (--heartbeat-timeout "
		    "0): a vanished host is noticed by TCP alone");
		return 0;
	}
	p = WIRE_HEARTBEAT_PERIOD(cfg->heartbeat_timeout);
	tv.tv_sec = (time_t)p;
	tv.tv_usec = (suseconds_t)((p - (double)tv.tv_sec) * 1e6);
	srv->hb_ev = event_new(srv->pub.base, -1, EV_PERSIST, hb_sweep_cb, srv);
	if (!srv->hb_ev || event_add(srv->hb_ev, &tv) < 0)
		return -1;
	rti_log(srv, LOG_INFO, "heartbeat every %g s; a federate silent for "
	    "%g s is resigned", p, cfg->heartbeat_timeout);
	return 0;
}

int
server_heartbeats(const struct rti_server *srv)
{
	return srv->hb_ev != NULL;
}

void
conn_silence(const struct conn *c, double *silent, double *left)
{
	const struct rti_server *srv = c->pub.srv;
	double now = mono_now(), t = srv->pub.cfg.heartbeat_timeout, quiet;

	*silent = *left = -1;
	if (c->closing)
		return;
	*silent = now - c->rx_at > 0 ? now - c->rx_at : 0;
	if (t <= 0 || !srv->hb_ev || c->paused || c->deferred)
		return;
	/* the first sweep that finds nothing read for t seconds since the
	 * sweep that last saw a read resigns it; read since the last
	 * sweep, the next one is that sweep */
	if (c->rx_reads != c->hb_rx_seen)
		quiet = srv->hb_swept_at > 0 ? srv->hb_swept_at +
		    WIRE_HEARTBEAT_PERIOD(t) : now;
	else
		quiet = c->hb_quiet_since;
	*left = quiet + t - now > 0 ? quiet + t - now : 0;
	if (*left > t)
		*left = t;      /* read since the last sweep: the whole time */
}
