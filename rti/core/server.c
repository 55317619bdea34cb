/* SPDX-License-Identifier: Apache-2.0 */
/*
 * server.c - rtiexec core: the server's setup and teardown (init, run,
 * fini), the dispatch table built from the module table (modules.c), signals
 * (SIGINT/SIGTERM stop, SIGUSR1 writes the status line).  The connection
 * files share conn.h: listen.c (accept and bounds), conn_in.c (reading,
 * handshake, dispatch), conn_out.c (queues, writes, slow consumers,
 * closing); log.c logs.
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
#include "uring.h"

static const char *
sig_name(int sig)
{
	return sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : "?";
}

/* The one line a stop leaves in the log: the signal, and what was still
 * running, since the federations go with rtiexec (each federation with
 * its federates; what passes the log's line bound is cut, ending in
 * "...").  A warning when it ends a session, so --quiet keeps it. */
static void
log_stopping(struct rti_server *srv, int sig)
{
	char what[4096];
	size_t n = 0;
	struct federation *fx;
	uint32_t nfx = 0, nfed = 0, i;

	for (fx = srv->pub.federations; fx; fx = fx->next) {
		nfx++;
		nfed += fx->n_feds;
	}
	what[0] = '\0';
	for (fx = srv->pub.federations; fx && n < sizeof what; fx = fx->next) {
		n += (size_t)snprintf(what + n, sizeof what - n, "; %s (%u "
		    "federate%s%s", fx->name, fx->n_feds, fx->n_feds == 1 ?
		    "" : "s", fx->n_feds ? ": " : "");
		for (i = 0; i < fx->n_feds && n < sizeof what; i++)
			n += (size_t)snprintf(what + n, sizeof what - n,
			    "%s%s", i ? ", " : "", fx->feds[i]->name);
		if (n < sizeof what)
			n += (size_t)snprintf(what + n, sizeof what - n, ")");
	}
	if (!nfx) {
		rti_log(srv, LOG_INFO, "signal %d (%s): shutting down; nothing "
		    "was running", sig, sig_name(sig));
		return;
	}
	rti_log(srv, LOG_WARN, "signal %d (%s): shutting down; still "
	    "running: %u federation%s, %u federate%s%s", sig, sig_name(sig),
	    nfx, nfx == 1 ? "" : "s", nfed, nfed == 1 ? "" : "s", what);
}

static void
signal_cb(evutil_socket_t sig, short what, void *arg)
{
	struct rti_server *srv = arg;

	(void)what;
	if (sig == SIGUSR1) {
		status_log("connections=%llu frames_in=%llu frames_out=%llu "
		    "bytes_in=%llu bytes_out=%llu routed=%llu filtered=%llu "
		    "protocol_errors=%llu slow_consumers_dropped=%llu "
		    "queued_bytes=%zu held_publishers=%u "
		    "refused=%llu handshake_timeouts=%llu "
		    "heartbeat_timeouts=%llu",
		    (unsigned long long)srv->pub.stats.conns_total,
		    (unsigned long long)srv->pub.stats.frames_in,
		    (unsigned long long)srv->pub.stats.frames_out,
		    (unsigned long long)srv->pub.stats.bytes_in,
		    (unsigned long long)srv->pub.stats.bytes_out,
		    (unsigned long long)srv->pub.stats.routed,
		    (unsigned long long)srv->pub.stats.filtered,
		    (unsigned long long)srv->pub.stats.protocol_errors,
		    (unsigned long long)srv->pub.stats.slow_consumers_dropped,
		    srv->out_total, srv->n_paused,
		    (unsigned long long)srv->pub.stats.conns_refused,
		    (unsigned long long)srv->pub.stats.handshake_timeouts,
		    (unsigned long long)srv->pub.stats.heartbeat_timeouts);
		return;
	}
	log_stopping(srv, (int)sig);
	event_base_loopexit(srv->pub.base, NULL);
}

/* The handler of message `type` and (in *m) the module whose table holds
 * it, or NULL. */
static const struct msg_handler *
handler_of(unsigned type, size_t *m)
{
	const struct msg_handler *h;

	for (*m = 0; *m < MOD_COUNT; (*m)++)
		for (h = server_modules[*m]->handlers; h && h->fn; h++)
			if (h->type == type)
				return h;
	return NULL;
}

void
server_list_messages(FILE *out)
{
	static const char *const kind[] = {
		[MSG_ONE_WAY] = "one-way",
		[MSG_REQUEST] = "request",
		[MSG_ONE_WAY_SERIAL] = "one-way-serial",
	};
	/* the module of each protocol range (WIRE_MODULE_OF) */
	static const char *const proto_module[WIRE_MOD_COUNT] = {
		[WIRE_MOD_CORE] = "core",
		[WIRE_MOD_FEDM] = "FedM",
		[WIRE_MOD_DM] = "DM",
		[WIRE_MOD_OM] = "OM",
		[WIRE_MOD_TM] = "TM",
		[WIRE_MOD_OWM] = "OWM",
		[WIRE_MOD_DDM] = "DDM",
	};
	const struct msg_handler *h;
	unsigned type, mod;
	size_t m;

	/* handle_hello takes it, before any table */
	fprintf(out, "0x%04x handshake any core\n", WIRE_HELLO);
	/* By code.  A message is named by its protocol range, not by the
	 * module whose table takes it (OM carries out DDM's messages on
	 * instances, om_ddm.c); one of the core's range by its taker
	 * (FedM's ping). */
	for (type = 0; type < WIRE_MOD_COUNT << 8; type++) {
		if (!(h = handler_of(type, &m)))
			continue;
		mod = WIRE_MODULE_OF(type);
		fprintf(out, "0x%04x %s %s %s\n", h->type, kind[h->request],
		    h->needs_join ? "joined" : "any", mod == WIRE_MOD_CORE ?
		    server_modules[m]->name : proto_module[mod]);
	}
}

static int
build_dispatch(struct rti_server *srv)
{
	size_t m;
	const struct msg_handler *h;

	for (m = 0; m < MOD_COUNT; m++) {
		for (h = server_modules[m]->handlers; h && h->fn; h++) {
			unsigned mod = WIRE_MODULE_OF(h->type);

			if (mod >= WIRE_MOD_COUNT ||
			    srv->dispatch[mod][h->type & 0xff]) {
				rti_log(srv, LOG_ERROR,
				    "duplicate or bad handler 0x%04x", h->type);
				return -1;
			}
			srv->dispatch[mod][h->type & 0xff] = h;
		}
	}
	return 0;
}

int
server_init(struct rti_server *srv, const struct rti_config *cfg)
{
	size_t m;

	memset(srv, 0, sizeof *srv);
	srv->reserve_fd = -1;
	srv->pub.cfg = *cfg;
	if (!srv->pub.cfg.max_frame)
		srv->pub.cfg.max_frame = WIRE_DEFAULT_MAX_FRAME;
	if (!srv->pub.cfg.max_queue)
		srv->pub.cfg.max_queue = RTI_DEFAULT_MAX_QUEUE;
	if (srv->pub.cfg.slow_timeout <= 0)
		srv->pub.cfg.slow_timeout = RTI_DEFAULT_SLOW_TIMEOUT;
	if (!srv->pub.cfg.max_total_queue)
		srv->pub.cfg.max_total_queue = RTI_DEFAULT_MAX_TOTAL_QUEUE;
	if (srv->pub.cfg.max_total_queue < srv->pub.cfg.max_queue)
		srv->pub.cfg.max_total_queue = srv->pub.cfg.max_queue;
	if (!srv->pub.cfg.max_save_size)
		srv->pub.cfg.max_save_size = RTI_DEFAULT_MAX_SAVE_SIZE;
	if (!srv->pub.cfg.max_memory)
		srv->pub.cfg.max_memory = RTI_DEFAULT_MAX_MEMORY;
	if (!srv->pub.cfg.max_federations)
		srv->pub.cfg.max_federations = RTI_DEFAULT_MAX_FEDERATIONS;
	srv->out_resume = srv->pub.cfg.max_total_queue -
	    srv->pub.cfg.max_total_queue / 4;
	rti_log(srv, LOG_INFO, "output queues: %zu bytes per connection, %zu "
	    "in all; the largest is dropped after %.1f s of holding back",
	    srv->pub.cfg.max_queue, srv->pub.cfg.max_total_queue,
	    srv->pub.cfg.slow_timeout);
	rti_log(srv, LOG_INFO, "memory budget %llu bytes; at most %u "
	    "federations; saves of at most %llu bytes",
	    (unsigned long long)srv->pub.cfg.max_memory,
	    srv->pub.cfg.max_federations,
	    (unsigned long long)srv->pub.cfg.max_save_size);
	wire_buf_init(&srv->scratch);
	wire_buf_init(&srv->reply);
	if (build_dispatch(srv) < 0)
		return -1;
	srv->pub.base = event_base_new();
	if (!srv->pub.base)
		return -1;
	bounds_init(srv);
	srv->hs_ev = evtimer_new(srv->pub.base, handshake_timeout_cb, srv);
	srv->accept_ev = evtimer_new(srv->pub.base, accept_resume_cb, srv);
	srv->rl_ev = evtimer_new(srv->pub.base, rl_flush_cb, srv);
	srv->reserve_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (!srv->hs_ev || !srv->accept_ev || !srv->rl_ev)
		return -1;
	if (listen_tcp(srv) < 0)
		return -1;
	if (srv->pub.cfg.unix_path && listen_unix(srv) < 0)
		return -1;
	if (udp_init(srv) < 0)
		return -1;
	for (m = 0; m < MOD_COUNT; m++)
		if (server_modules[m]->server_start &&
		    server_modules[m]->server_start(srv) < 0)
			return -1;
	srv->reap_ev = event_new(srv->pub.base, -1, 0, reap_cb, srv);
	srv->slow_ev = event_new(srv->pub.base, -1, EV_PERSIST, slow_check_cb,
	    srv);
	srv->flush_ev = event_new(srv->pub.base, -1, 0, flush_cb, srv);
	if (srv->pub.cfg.no_io_uring) {
		rti_log(srv, LOG_INFO, "writing with send() "
		    "(--no-io-uring)");
	} else if ((srv->uring = uring_init(URING_ENTRIES)) != NULL) {
		rti_log(srv, LOG_INFO, "writing with io_uring, one "
		    "submission per loop turn");
	} else {
		rti_log(srv, LOG_INFO, "io_uring unavailable (%s): writing "
		    "with send()", strerror(errno));
	}
	srv->rbuf = malloc(RBUF_SIZE);
	if (!srv->reap_ev || !srv->slow_ev || !srv->flush_ev || !srv->rbuf)
		return -1;
	if (hb_init(srv) < 0)
		return -1;
	{
		struct timeval quarter = { 0, 250000 };

		event_add(srv->slow_ev, &quarter);
	}
	srv->sigint_ev = evsignal_new(srv->pub.base, SIGINT, signal_cb, srv);
	srv->sigterm_ev = evsignal_new(srv->pub.base, SIGTERM, signal_cb, srv);
	srv->sigusr1_ev = evsignal_new(srv->pub.base, SIGUSR1, signal_cb, srv);
	if (!srv->sigint_ev || !srv->sigterm_ev || !srv->sigusr1_ev)
		return -1;
	evsignal_add(srv->sigint_ev, NULL);
	evsignal_add(srv->sigterm_ev, NULL);
	evsignal_add(srv->sigusr1_ev, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (srv->pub.cfg.port_file) {
		FILE *fp = fopen(srv->pub.cfg.port_file, "w");

		if (!fp) {
			rti_log(srv, LOG_ERROR, "cannot write %s: %s",
			    srv->pub.cfg.port_file, strerror(errno));
			return -1;
		}
		fprintf(fp, "%d\n", srv->bound_port);
		fclose(fp);
	}
	return 0;
}

int
server_run(struct rti_server *srv)
{
	return event_base_dispatch(srv->pub.base) < 0 ? -1 : 0;
}

void
server_fini(struct rti_server *srv)
{
	while (srv->conns)
		conn_free(srv->conns);
	server_modules_fini(srv);
	if (srv->tcp_listener)
		evconnlistener_free(srv->tcp_listener);
	udp_fini(srv);
	if (srv->unix_listener) {
		evconnlistener_free(srv->unix_listener);
		unlink(srv->pub.cfg.unix_path);
	}
	if (srv->reap_ev)
		event_free(srv->reap_ev);
	if (srv->slow_ev)
		event_free(srv->slow_ev);
	if (srv->hb_ev)
		event_free(srv->hb_ev);
	if (srv->flush_ev)
		event_free(srv->flush_ev);
	if (srv->hs_ev)
		event_free(srv->hs_ev);
	if (srv->accept_ev)
		event_free(srv->accept_ev);
	if (srv->rl_ev)
		event_free(srv->rl_ev);
	if (srv->reserve_fd >= 0)
		close(srv->reserve_fd);
	uring_free(srv->uring);
	srv->uring = NULL;
	free(srv->rbuf);
	if (srv->sigint_ev)
		event_free(srv->sigint_ev);
	if (srv->sigterm_ev)
		event_free(srv->sigterm_ev);
	if (srv->sigusr1_ev)
		event_free(srv->sigusr1_ev);
	if (srv->pub.base)
		event_base_free(srv->pub.base);
	wire_buf_free(&srv->scratch);
	wire_buf_free(&srv->reply);
	libevent_global_shutdown();
}
