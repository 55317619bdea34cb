/* SPDX-License-Identifier: Apache-2.0 */
/*
 * testutil.h - helpers for integration tests: start a real rtiexec on an
 * ephemeral loopback port, connect federates whose callbacks are recorded
 * as text events, and wait for events with a timeout.
 */
#ifndef RTI_TESTUTIL_H
#define RTI_TESTUTIL_H

#include <stddef.h>
#include <sys/types.h>

#include "librti.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif
#ifndef TOP_BUILDDIR
#define TOP_BUILDDIR "."
#endif

#define TEST_FOM(name) TOP_SRCDIR "/data/fom/" name
#define TEST_DATA(name) TOP_SRCDIR "/test/data/" name
/* The bound of a wait for what comes at once when all is well: 10 s, or
 * 60 s when RTI_TEST_WRAPPER runs rtiexec under valgrind (everything 10-50
 * times slower).  Only a failure waits it out. */
#define WAIT_S tfed_wait_s()
double tfed_wait_s(void);
/* rtiexec's start (its port file) and stop (its exit, after valgrind's
 * leak check): 6 WAIT_S, as a loaded machine stretches both most. */
#define RTIEXEC_WAIT_S (6 * WAIT_S)

struct rtiexec {
	pid_t pid;
	int port;
	char url[64];
	char dir[128];        /* private temp dir (port file, log, socket) */
	char log[192];
};

/* Start rtiexec on 127.0.0.1 port 0 with extra args (NULL-terminated
 * list, may be NULL).  Returns 0, or -1 with a message on stderr. */
int rtiexec_start(struct rtiexec *r, const char *const *args);
/* The same, with the process's surroundings set: RLIMIT_NOFILE soft
 * and hard (0 = inherited; set by /bin/sh's ulimit, run before the
 * wrapper and rtiexec), and `hold_fds` descriptors left open in it (of
 * /dev/null), as descriptors used elsewhere in the process would be. */
struct rtiexec_opts {
	unsigned long nofile;
	int hold_fds;
};
int rtiexec_start_opts(struct rtiexec *r, const char *const *args,
    const struct rtiexec_opts *o);
/* A field of /proc/PID/status in kB ("VmRSS", "VmData"), or -1. */
long rtiexec_status_kb(struct rtiexec *r, const char *field);
/* CPU seconds (user + system) rtiexec has used, or -1. */
double rtiexec_cpu_s(struct rtiexec *r);
/* Number of lines of the rtiexec log that contain `s`. */
int rtiexec_log_count(struct rtiexec *r, const char *s);
/* SIGTERM, wait; returns the exit status (0 on clean shutdown), or -1 if
 * it had to be killed. */
int rtiexec_stop(struct rtiexec *r);
/* SIGKILL, reap, and remove its directory: rtiexec dies as in a crash, and
 * nothing of it is left in /tmp. */
void rtiexec_kill(struct rtiexec *r);
/* 1 while the process runs. */
int rtiexec_alive(struct rtiexec *r);
/* rtiexec_start with --http on an ephemeral loopback port first, then
 * `extra` (NULL-terminated, at most 13, may be NULL): the HTTP port, or
 * -1. */
int rtiexec_start_http(struct rtiexec *r, const char *const *extra);
/* The port of rtiexec's "HTTP listening on ... port N" log line (--http),
 * waited for; -1 when none came. */
int rtiexec_http_port(struct rtiexec *r);
/* 1 when the rtiexec log contains `s`. */
int rtiexec_log_has(struct rtiexec *r, const char *s);
/*
 * GET `path` of the HTTP view at `host` (dotted IPv4), port `port`, with
 * `bearer` as its Authorization token (NULL: none): the whole answer,
 * head and body, NUL-terminated, in a buffer the next call reuses.
 * rtiexec_metric: the value of the unlabelled sample `name` of /metrics
 * there (the test fails when there is none).
 */
const char *rtiexec_http_get(const char *host, int port, const char *path,
    const char *bearer);
uint64_t rtiexec_metric(const char *host, int port, const char *name,
    const char *bearer);

/* A federate under test: an ambassador plus a log of callbacks. */
struct tfed {
	rti_ambassador *amb;
	char **events;
	size_t n_events, cap;
	int lost;
	rti_federate_handle handle;
	/* last values seen, for tests that inspect payloads */
	size_t n_reflects, n_interactions, n_discovers, n_removes;
	size_t n_bundle_instances;
	unsigned char last_value[256];
	size_t last_value_len;
	void *user;
};

/* tfed_wait and tfed_wait_n first write the buffered output
 * of every other joined test federate (rti_flush_updates), as federates
 * that keep calling librti would; 0 turns that off (flush-rule tests). */
extern int tfed_autoflush;
/* Count `t` among those (tfed_create_join does; for federates joined by
 * other means).  tfed_free forgets it. */
void tfed_track(struct tfed *t);

/* New federate connected to `r` with recording callbacks (NULL on
 * failure, with the reason on stderr). */
struct tfed *tfed_new(struct rtiexec *r);
/* Callbacks struct used by tfed_new, for tests that want to override. */
void tfed_callbacks(struct rti_callbacks *cb);
void tfed_free(struct tfed *t);
/* Append a printf-formatted event. */
void tfed_event(struct tfed *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Index of the first event starting with `prefix`, or -1. */
int tfed_find(struct tfed *t, const char *prefix);
/* Number of events starting with `prefix`. */
size_t tfed_count(struct tfed *t, const char *prefix);
/* Evoke until an event starting with `prefix` is recorded or WAIT_S
 * passes; 1 found, 0 timeout. */
int tfed_wait(struct tfed *t, const char *prefix);
/* Evoke until `n` events start with `prefix`. */
int tfed_wait_n(struct tfed *t, const char *prefix, size_t n);
/* CLOCK_MONOTONIC in seconds. */
double tfed_now(void);
/* Evoke for `s` seconds (to prove that nothing arrives). */
void tfed_pump(struct tfed *t, double s);
/* Evoke every federate in `ts` round-robin until `t` has an event with
 * `prefix` (for multi-federate protocols). */
int tfed_wait_all(struct tfed **ts, size_t n, struct tfed *t,
    const char *prefix);
void tfed_clear(struct tfed *t);
/* Print the event log to stderr (for failing tests). */
void tfed_dump(struct tfed *t, const char *who);

/* Create federation `name` from `fom` (file path) and join it as
 * `fedname`.  Returns the error code of the first failing call. */
int tfed_create_join(struct tfed *t, const char *name, const char *fom,
    const char *fedname);


/* Recording OM callbacks (DM/OM tests): discover "discover:NAME:Class",
 * bundle "bundle:Class:N:tag=T" + "binst:OBJ:Attr=v,...", remove
 * "remove:OBJ:tag=T", provide "provide:OBJ:Attr,...:tag=T", name
 * reservation "reserved:", "reservefail:", "mreserved:N:FIRST",
 * "mreservefail:N:FIRST".  The class bundle only when `bundles`. */
void tfed_om_callbacks(struct rti_callbacks *cb, int bundles);
/* Recording callbacks for condition/region tests: discover
 * "discover:NAME", reflect "reflect:OBJ:V0:COND", bundle "bundle:N:COND" +
 * "binst:OBJ:COND" (the instance's), interaction "interaction:TAG:COND"
 * (COND "-" if none).
 * The class bundle only when `bundles`. */
void tfed_cond_callbacks(struct rti_callbacks *cb, int bundles);
/* Instance name, or "?". */
const char *tfed_obj_name(struct tfed *t, rti_object_instance_handle obj);
/* Last component of the object class name, or "?". */
const char *tfed_cls_name(struct tfed *t, rti_object_class_handle c);
/* Last component of the interaction class name, or "?". */
const char *tfed_icls_name(struct tfed *t, rti_interaction_class_handle c);
/* "Name=v,Status=w" with the attribute names of obj's known class. */
void tfed_fmt_values(struct tfed *t, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, char *buf, size_t len);
/* "Name,Status" with the attribute names of obj's known class. */
void tfed_fmt_attrs(struct tfed *t, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, char *buf, size_t len);

/* New federate connected to `r` with callbacks `cb`, joined as `fedname`
 * to federation "F" (created from `fom` if needed); asserts success. */
struct tfed *tfed_join_f(struct rtiexec *r, const struct rti_callbacks *cb,
    const char *fom, const char *fedname);
/* Everything rtiexec sent `t` before now has been delivered: a request
 * round trip (its reply follows every earlier frame), then evoke. */
void tfed_barrier(struct tfed *t);
/* Handle lookups that assert success. */
rti_object_class_handle tfed_oc(struct tfed *t, const char *name);
rti_attribute_handle tfed_at(struct tfed *t, rti_object_class_handle c,
    const char *name);
rti_attribute_handle tfed_attr(struct tfed *t, const char *cls,
    const char *name);
rti_interaction_class_handle tfed_ic(struct tfed *t, const char *name);
/* Subscribe `cls` to the comma-separated attributes `list` (at most 8). */
void tfed_subscribe(struct tfed *t, const char *cls, const char *list);
/* Publish Breaker {Name, Status, Current}. */
void tfed_publish_breaker(struct tfed *t);
/* Reserve `name` (waiting for "reserved:NAME", so the OM callbacks must
 * be installed) and register an instance of `cls` with it. */
rti_object_instance_handle tfed_register_named(struct tfed *t,
    const char *cls, const char *name);
/* Publish / subscribe Breaker {Status}; subscribe adds condition `cond`
 * first unless NULL. */
void tfed_publish_status(struct tfed *t);
void tfed_subscribe_status(struct tfed *t, const char *cond);

/* Best effort (check_besteffort, check_besteffort_guards).
 * tfed_transport_stats: rti_get_transport_stats of `t` (must succeed).
 * tfed_wait_udp: evoke `t` until its datagram path is confirmed (fails
 *   the test after WAIT_S).
 * tfed_meter: A publishes the Meter of test/data/fom/transport.xml
 *   (Reading best effort, State reliable: *rd, *stt) and registers
 *   `name`; B subscribes to both and discovers it (its discover_object
 *   callback logs "discover:NAME", as tfed_om_callbacks's does). */
struct rti_transport_stats tfed_transport_stats(struct tfed *t);
void tfed_wait_udp(struct tfed *t);
rti_object_instance_handle tfed_meter(struct tfed *a, struct tfed *b,
    const char *name, rti_attribute_handle *rd, rti_attribute_handle *stt);

/* Callbacks that log what arrives: a reflection as
 * "r:OBJ[@T]:ATTR=VALUE,..." (OBJ "?" when the instance is not known, @T
 * when timestamped, VALUE cut at 32 bytes), an interaction as "i:CLASS";
 * they count n_reflects and n_interactions. */
void tfed_cb_reflect_values(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info);
void tfed_cb_interaction_class(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info);

#endif
