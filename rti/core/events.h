/* SPDX-License-Identifier: Apache-2.0 */
/*
 * events.h - what the operator's view keeps of each federation (rti-http(7)
 * EVENTS, RATES): a bounded ring of its events (joins, resigns and why,
 * saves and restores, synchronization points, FOM modules added, slow
 * consumers dropped), the samples its time and step rates come from, and
 * the class traffic of the federates that left it.  Any module records an
 * event with events_add; the HTTP view (http_*.c) reads them.  Kept in
 * fx->hist, made on first use and freed with the federation
 * (events_fx_free); nothing is kept when memory runs out (the event is
 * lost, counted in `lost`).
 */
#ifndef RTI_EVENTS_H
#define RTI_EVENTS_H

#include <stdint.h>

struct federation;
struct federate;

/* Events kept per federation: older ones are dropped, counted. */
#define EVENTS_MAX 1000u
/* Bytes of an event's detail kept (longer ones are cut). */
#define EVENTS_DETAIL_MAX 400u
/* Rate samples kept per federation, one per EVENTS_SAMPLE_PERIOD s: the
 * rates are over the last (EVENTS_SAMPLES - 1) periods. */
#define EVENTS_SAMPLES 11u
#define EVENTS_SAMPLE_PERIOD 1.0

enum ev_kind {
	EV_CREATED = 0,
	EV_JOINED,
	EV_RESIGNED,              /* `why` says why */
	EV_SAVE_REQUESTED,
	EV_SAVE_BEGUN,
	EV_SAVE_DONE,
	EV_SAVE_FAILED,
	EV_RESTORE_REQUESTED,
	EV_RESTORE_BEGUN,
	EV_RESTORE_DONE,
	EV_RESTORE_FAILED,
	EV_SYNC_REGISTERED,
	EV_SYNC_DONE,             /* every member achieved it */
	EV_FOM_ADDED,             /* FOM modules a join added */
	EV_SLOW_CONSUMER,         /* a federate's connection dropped */
	EV_KIND_COUNT
};

/* Why a federate left (EV_RESIGNED). */
enum ev_why {
	EV_WHY_ASKED = 0,         /* it resigned itself */
	EV_WHY_HEARTBEAT,         /* silent for --heartbeat-timeout */
	EV_WHY_CONNECTION_LOST,   /* closed, reset, killed, protocol error */
	EV_WHY_EVICTED,           /* HLAresignFederationExecution (MOM) */
	EV_WHY_SLOW_CONSUMER,     /* its output queue passed its bound */
	EV_WHY_SHUTDOWN,          /* rtiexec stopped */
	EV_WHY_COUNT
};

/* "created", "joined", ... (rti-http(7)); "?" for another value. */
const char *events_kind_name(int kind);
/* "asked", "heartbeat", "connection_lost", "evicted", "slow_consumer",
 * "shutdown"; "?" for another value. */
const char *events_why_name(int why);

/* Record an event of `fx`, about federate `f` (NULL: none) with a detail
 * (printf; NULL: none).  Never fails (see above). */
void events_add(struct federation *fx, int kind, const struct federate *f,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Say why `f` is about to leave, before server_resign resigns it (the
 * first reason said wins: a heartbeat drop stays one when its connection
 * then closes).  `detail` is copied (NULL: none).  The MOM reads
 * f->leave_why and f->leave_detail in its federate_resign hook: a
 * federate is lost unless the reason is EV_WHY_ASKED or EV_WHY_EVICTED. */
void events_leaving(struct federate *f, int why, const char *detail);
/* server_resign's: the EV_RESIGNED event of `f` (with its resign action)
 * and f's class traffic kept as the departed federates'.  Before the
 * modules' federate_resign and federate_fini hooks. */
void events_resigned(struct federate *f, int action);

/* One event, as events_each gives it (strings borrowed for the call). */
struct ev_entry {
	uint64_t seq;             /* 1, 2, ... in the federation */
	int64_t time_ms;          /* Unix milliseconds */
	int kind;                 /* enum ev_kind */
	int why;                  /* EV_RESIGNED: enum ev_why; else -1 */
	const char *federate;     /* NULL: none */
	const char *detail;       /* NULL: none */
};
/* fn for every kept event of fx with seq > after, oldest first, at most
 * `limit` of them (the newest ones when more are kept).  Returns the seq
 * the next event will have; *dropped gets how many were dropped from the
 * ring (or lost) in all. */
uint64_t events_each(struct federation *fx, uint64_t after, uint32_t limit,
    void (*fn)(void *arg, const struct ev_entry *e), void *arg,
    uint64_t *dropped);

/* The class traffic of the federates that left fx: per object class
 * (obj 1) or interaction class, sent (sent 1) or received, messages
 * (bytes 0) or bytes: 0 for a class beyond what was kept. */
uint64_t events_gone_traffic(const struct federation *fx, int obj, int sent,
    int bytes, uint32_t cls);

/* One rate sample of a federation (rti-http(7) RATES), taken once per
 * EVENTS_SAMPLE_PERIOD by the HTTP view (http_events.c). */
struct ev_sample {
	double t;                 /* CLOCK_MONOTONIC seconds */
	int have_time;
	double time;              /* the federation's time */
	uint64_t grants;          /* of its federates */
	uint32_t granting;        /* its federates granted any so far */
};
/* Keep sample `s` of fx, the oldest dropped past EVENTS_SAMPLES; the
 * departed federates' grants are added to s->grants here. */
void events_sample_add(struct federation *fx, const struct ev_sample *s);
/* The grants of a federate leaving fx, kept as the departed federates'
 * (TM's federate_resign hook). */
void events_gone_grants_add(struct federation *fx, uint64_t n);
/* The rates over the samples kept. */
struct ev_rates {
	int have;                 /* 0: fewer than two samples yet */
	double window;            /* seconds the rates are over */
	int have_time;            /* time_rate is defined: a federate that
	                             is regulating or constrained was there
	                             at both ends */
	double time_rate;         /* logical time per wall second of the
	                             federation's time: the smallest logical
	                             time of its regulating or constrained
	                             federates */
	double step_rate;         /* time advance grants per wall second,
	                             over the federates that were granted
	                             any in the window (their mean) */
	double now;               /* the federation's time at the last
	                             sample (when have_time) */
};
void events_rates(struct federation *fx, struct ev_rates *out);

/* Free fx->hist (federation_free). */
void events_fx_free(struct federation *fx);

#endif
