/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http_int.h - what the HTTP view's files share: the server's own
 * counters, the JSON writer, the time view of a federation and the three
 * documents (http_json.c, http_metrics.c; the page in http_page.c, made
 * from http_page.html at build time).
 */
#ifndef RTI_HTTP_INT_H
#define RTI_HTTP_INT_H

#include <event2/buffer.h>

#include "http.h"
#include "json.h"
#include "tm.h"

/* What the HTTP server counts of itself (rti_http_* in /metrics). */
struct http_stats {
	uint64_t requests;        /* answered, any status */
	uint64_t refused;         /* connections closed: --http-max-clients */
	uint64_t too_large;       /* answered 503: --http-max-output */
	uint64_t unauthorized;    /* answered 401 */
	uint64_t timeouts;        /* closed: no whole request in time */
	uint64_t evicted;         /* closed: made room for a new client */
	uint64_t rate_limited;    /* held back by the rate */
	uint64_t built;           /* documents built */
	uint64_t cached;          /* documents served from the cache */
	uint32_t clients;         /* connections open now */
	size_t output_bytes;      /* queued to them now */
};

/*
 * The documents' JSON: proto/json.h's writer (JSON_W_HTML: '<', '>', '&'
 * escaped too, bytes that are not UTF-8 become U+FFFD, so any federate
 * name gives valid JSON), whose text jw_end adds to the evbuffer with a
 * newline: 0, or -1 (out of memory; nothing added).  Members take a key
 * (NULL inside an array); the writer puts the commas.
 */
struct jw {
	struct json_w j;
	struct evbuffer *b;
};
void jw_init(struct jw *w, struct evbuffer *b);
int jw_end(struct jw *w);
static inline void jw_obj(struct jw *w, const char *key)
{ json_w_obj(&w->j, key); }
static inline void jw_obj_end(struct jw *w) { json_w_obj_end(&w->j); }
static inline void jw_arr(struct jw *w, const char *key)
{ json_w_arr(&w->j, key); }
static inline void jw_arr_end(struct jw *w) { json_w_arr_end(&w->j); }
static inline void jw_str(struct jw *w, const char *key, const char *v)
{ json_w_str(&w->j, key, v); }
static inline void jw_u64(struct jw *w, const char *key, uint64_t v)
{ json_w_u64(&w->j, key, v); }
static inline void jw_bool(struct jw *w, const char *key, int v)
{ json_w_bool(&w->j, key, v); }
static inline void jw_null(struct jw *w, const char *key)
{ json_w_null(&w->j, key); }
/* A finite number with at most 3 decimals (null when not finite or
 * 1e15 or more). */
void jw_f64(struct jw *w, const char *key, double v);
/* A time of a federation (`i64`: HLAinteger64Time): a number, or the
 * string "+Inf" for the final float time. */
void jw_time(struct jw *w, const char *key, int i64, uint64_t t);
/* Length of the valid UTF-8 sequence at NUL-terminated `s` (1..4), or 0
 * (a stray, overlong or surrogate byte, or a code point past U+10FFFF). */
size_t http_utf8_len(const unsigned char *s);

/* The time state of one federate, and whether it holds others back. */
struct http_fview {
	struct federate *f;
	struct tm_info ti;
	int ok;                   /* ti is valid */
	int waiting;              /* constrained, advancing, and its request
	                             is not below its GALT: it waits */
	int holder;               /* its output bound is the smallest and
	                             some other federate waits */
};
/* Every federate of `fx` in join order (fx->n_feds entries, malloc'd;
 * free it), or NULL on ENOMEM. */
struct http_fview *http_view(struct federation *fx);
/* "TAR", "TARA", "NMR", "NMRA", "FQR", or NULL for TMC_NONE. */
const char *http_kind_name(int kind);
/* f's peer address without the port ("" for a Unix socket). */
void http_host(const struct federate *f, char *out, size_t len);
/* Bytes queued to f's connection. */
size_t http_queued(const struct federate *f);
/* "active", "held" (rtiexec stops reading it: queues above the total
 * budget) or "closing". */
const char *http_fed_state(const struct federate *f);

/* "idle", "waiting_for_time", "saving", "writing" or "restoring"
 * (enum fedm_save_state). */
const char *http_save_state_name(int state);
/* 1 when the save or restore in `state` (fedm_save_info) waits for `f`:
 * saving, it has not answered complete or not complete; restoring, it
 * has not answered its restore. */
int http_save_waits_for(struct federate *f, int state);

/* The documents: 0, or -1 on ENOMEM. */
int http_json_list(struct rti_server *srv, const struct http_stats *hs,
    struct evbuffer *out);
int http_json_federation(struct rti_server *srv, struct federation *fx,
    struct evbuffer *out);
int http_metrics(struct rti_server *srv, const struct http_stats *hs,
    struct evbuffer *out);
/* The events of fx after sequence number `after`, at most `limit` (the
 * newest), oldest first (rti-http(7) EVENTS). */
int http_json_events(struct rti_server *srv, struct federation *fx,
    uint64_t after, uint32_t limit, struct evbuffer *out);

/* How long f's connection has been silent, and how long the heartbeat
 * leaves it (rti-http(7)): *silent in seconds (-1: no connection);
 * *left the seconds before the heartbeat sweep resigns it at the
 * earliest, at most the timeout (-1: it will not: no heartbeat, no
 * connection, or rtiexec itself holds its reading back). */
void http_silence(const struct federate *f, double *silent, double *left);
/* The events kept in the federation document (the newest). */
#define HTTP_DOC_EVENTS 50u

/* http_page.c, generated from http_page.html. */
extern const char http_page_html[];
extern const size_t http_page_html_len;

/* http_events.c: one rate sample of fx (events.h) taken from TM's state;
 * `now`: CLOCK_MONOTONIC seconds. */
struct federation;
void http_events_sample(struct federation *fx, double now);

#endif
