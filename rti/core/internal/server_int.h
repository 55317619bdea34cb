/* SPDX-License-Identifier: Apache-2.0 */
/*
 * server_int.h - rtiexec core: the server's and the connections'
 * internals (struct rti_server, struct conn) and the server's life, for
 * the core's own files and main.c (the composition root).  It lies in
 * rti/core/internal, which only the core's and main.c's include paths
 * name: a module that includes it does not compile.  What a module sees
 * of both is server.h's struct server_pub and struct conn_pub, through
 * the accessors there.
 */
#ifndef RTI_SERVER_INT_H
#define RTI_SERVER_INT_H

#include "server.h"

/* The configuration's defaults (main.c, rtiexec(1)). */
#define RTI_DEFAULT_MAX_QUEUE (64u * 1024 * 1024)
/* 16 stopped federates at the default --max-queue; --max-queue when that
 * is larger (see rtiexec(1)). */
#define RTI_DEFAULT_MAX_TOTAL_QUEUE (1024u * 1024 * 1024)
#define RTI_DEFAULT_SLOW_TIMEOUT 5.0
#define RTI_DEFAULT_MAX_CONNECTIONS 4096u
#define RTI_DEFAULT_MAX_STARTUPS 64u
#define RTI_DEFAULT_PER_SOURCE_MAX_STARTUPS 10u
#define RTI_DEFAULT_HANDSHAKE_TIMEOUT 3.0
#define RTI_DEFAULT_HEARTBEAT_TIMEOUT 5.0
/* Sized for a 2-core machine of a few GB (rtiexec(1)). */
#define RTI_DEFAULT_MAX_SAVE_SIZE (256ull * 1024 * 1024)
#define RTI_DEFAULT_MAX_MEMORY (1536ull * 1024 * 1024)
#define RTI_DEFAULT_MAX_FEDERATIONS 256u
/* Largest frame accepted before a connection's HELLO is: a HELLO is at
 * most 4 + 2 + 4 + WIRE_MAX_AUTH_KEY = 266 bytes. */
#define RTI_PREAUTH_MAX_FRAME 1024u


/* A connection's peer address without the port (a Unix-domain peer has
 * only the family): what --per-source-max-startups counts by. */
struct peer_key {
	uint16_t family;
	uint8_t addr[16];
};

struct udp_peer;

struct conn {
	struct conn_pub pub;      /* srv, fed (server.h) */
	evutil_socket_t fd;
	struct event *rev;        /* readable (persistent) */
	struct event *wev;        /* writable, added only while blocked */
	struct wire_buf in;       /* input not yet dispatched: a partial
	                             frame, or frames left while paused */
	size_t in_off;
	struct wire_buf out;      /* output not yet written, from out_off */
	size_t out_off;
	struct wire_buf held;     /* timestamp-order frames that wait for
	                             the next other frame (conn_send_held) */
	uint32_t held_frames;
	size_t trim_prev[3];      /* buf_trim's last use of in, out, held */
	int writing;              /* wev added: the socket was full */
	int flush_pending;        /* on the server's flush list */
	struct conn *flush_next;
	uint32_t id;
	char peer[64];
	int hello_done;
	int closing;              /* flush output, then free */
	const char *close_why;    /* conn_close's reason (a literal), or
	                             NULL */
	int reaped;               /* federate detached by the reaper */
	char why[128];            /* the first reason it was closed for
	                             ("" until then): HLAreportFederateLost */
	int paused;               /* held back: reading stopped while the
	                             output queues are above the total
	                             budget */
	int deferred;             /* the frame at the head of `in` waits
	                             (MSG_DEFER); not reading */
	struct conn *next, *prev;
	uint64_t frames_in, frames_out, bytes_in, bytes_out;
	/* Until the HELLO is accepted (or the connection closes) it is a
	 * startup, on the server's startup list in accept order. */
	struct peer_key key;
	int startup;              /* on the startup list */
	double hs_deadline;       /* CLOCK_MONOTONIC seconds */
	struct conn *st_next, *st_prev;
	/* Heartbeats (heartbeat.c): reads counted by conn_read_cb, what the
	 * sweep saw last of them and of bytes_out, and since when nothing
	 * was read. */
	uint64_t rx_reads;
	uint64_t hb_rx_seen, hb_out_seen;
	double hb_quiet_since;    /* CLOCK_MONOTONIC seconds */
	double rx_at;             /* CLOCK_MONOTONIC_COARSE seconds of the
	                             last read (the view's "silent for") */
	/* The best-effort path (udp.c): NULL when the connection has none
	 * (a Unix socket, --udp off); its counters. */
	struct udp_peer *udp;
	struct udp_stats ust;
	void *mod[MOD_COUNT];     /* the modules' state of it (conn_mod) */
};

/* Log lines that clients can cause before they are trusted, each
 * written at most once per second (log.c, rl_log). */
enum srv_rl {
	RL_MAX_CONNECTIONS = 0,   /* refused: --max-connections */
	RL_MAX_STARTUPS,          /* closed to make room: --max-startups */
	RL_PER_SOURCE,            /* the same: --per-source-max-startups */
	RL_HANDSHAKE_TIMEOUT,     /* closed: no HELLO in time */
	RL_PREAUTH_FRAME,         /* closed: frame too long before HELLO */
	RL_BAD_HELLO,             /* closed: protocol error before HELLO */
	RL_HELLO_REFUSED,         /* NAK: version or key */
	RL_ACCEPT,                /* accept failed (EMFILE...) */
	RL_DGRAM,                 /* a datagram dropped */
	RL_COUNT
};

struct srv_ratelim {
	double last;              /* CLOCK_MONOTONIC of the last line */
	uint64_t held;            /* lines held back since */
	int level;                /* of the lines held back */
	int logged;               /* a line was ever written */
};

struct rti_server {
	struct server_pub pub;    /* base, cfg, federations, stats,
	                             dispatch_be, dispatch_dgram, mod[]
	                             (server.h) */
	struct evconnlistener *tcp_listener;
	struct evconnlistener *unix_listener;
	struct event *sigint_ev, *sigterm_ev, *sigusr1_ev;
	struct event *reap_ev;    /* deferred teardown of closing conns */
	struct event *slow_ev;    /* periodic slow-consumer check */
	struct event *hb_ev;      /* the heartbeat sweep, or NULL */
	double hb_swept_at;       /* CLOCK_MONOTONIC seconds of its last
	                             run (the view's "resigned in") */
	struct event *flush_ev;   /* writes the flush list once per turn */
	int turn_end_wanted;      /* raise turn_end before the next flush
	                             (server_turn_end_want) */
	struct conn *flush_head, *flush_tail;
	struct uring *uring;      /* batched writes, or NULL */
	uint8_t *rbuf;            /* shared read buffer */
	struct conn *dispatching; /* connection whose frame is in dispatch */
	uint16_t dispatch_type;   /* that frame's type */
	int svc_err;              /* the first error answered to it, while
	                             its federate has report_services set */
	char svc_msg[256];        /* and its message */
	uint8_t svc_ret[256];     /* the start of its reply's results */
	uint32_t svc_ret_len;
	struct udp_srv *udp;      /* the datagram sockets (udp.c), or NULL */
	size_t out_total;         /* sum of every connection's out_queued */
	size_t out_resume;        /* held-back publishers resume at or below
	                             this total (3/4 of the budget) */
	uint32_t n_paused;        /* connections held back */
	struct timeval held_tv;   /* since when (while n_paused) */
	struct timeval hold_log_tv; /* last hold logged as a warning */
	int bound_port;
	struct conn *conns;
	uint32_t next_conn_id;
	const struct msg_handler *dispatch[WIRE_MOD_COUNT][256];
	struct wire_buf scratch;  /* reusable frame builder */
	struct wire_buf reply;    /* conn_reply's frame builder */
	/* connection bounds (listen.c, "Connection bounds") */
	uint32_t n_conns;         /* on `conns` */
	uint32_t max_conns, max_startups, per_source;  /* effective */
	struct conn *st_head, *st_tail; /* startups, oldest first */
	uint32_t n_startups;
	struct event *hs_ev;      /* the oldest startup's deadline */
	struct event *accept_ev;  /* ends an accept back-off */
	double accept_backoff;    /* seconds; 0 after a good accept */
	int accept_paused;        /* listeners disabled */
	int reserve_fd;           /* spent to refuse when out of fds */
	struct event *rl_ev;      /* writes the counts of held lines */
	struct srv_ratelim rl[RL_COUNT];
	/* the memory budget (budget.c) */
	int64_t budget_held[1];   /* [BUDGET_SAVE] */
	uint64_t budget_refused;
};

/* server.c */
int server_init(struct rti_server *srv, const struct rti_config *cfg);
/* Print every message type rtiexec accepts: code, kind, whether it needs
 * a joined federate, the module (rtiexec --list-messages). */
void server_list_messages(FILE *out);
int server_run(struct rti_server *srv);
void server_fini(struct rti_server *srv);
/* conn_in.c: 1 when a message of `type` is accepted from a federate
 * whose `busy` is set (IEEE 1516.1-2010 4.11-4.31: the save and restore
 * services and queries, resign, the federate lookups, and the internal
 * acknowledgements). */
int server_busy_exempt(uint16_t type);

#endif
