/* SPDX-License-Identifier: Apache-2.0 */
/* tm.h - the TM module of rtiexec (see server.h for the module interface). */
#ifndef RTI_TM_H
#define RTI_TM_H

#include "server.h"

/*
 * Hooks used by OM (times are the 64 raw bits of rti_time; the
 * federation's time representation says how to read them).
 *
 * tm_check_tso_send: may `f` send a timestamped message at `t`?  RTI_OK
 *   with *as_tso = 1 (TSO) or 0 (f is not regulating: receive order), or
 *   an RTI_ERR_* with `msg` filled (e.g. INVALID_LOGICAL_TIME).
 * tm_tso_sent: OM routes the TSO message `handle` (its retraction serial)
 *   of `f`, stamped `t`; the tm_note_tso_delivery calls that follow are
 *   its receivers (TM logs them for retraction).
 * tm_note_tso_delivery: OM is about to send a TSO message stamped `t` to
 *   `to`.  Returns 1 when `to` gets it as TSO (constrained), 0 as receive
 *   order; TM uses it for next-message requests and retraction.
 */
int tm_check_tso_send(struct federate *f, uint64_t t, int *as_tso,
    char *msg, size_t msglen);
void tm_tso_sent(struct federate *f, uint64_t t, uint32_t handle);
int tm_note_tso_delivery(struct federate *to, uint64_t t);

/* The time state of `f`, for the MOM (times raw as above). */
struct tm_info {
	int regulating, constrained;
	int reg_pending, con_pending;  /* an enable is pending */
	int advancing;                 /* a time advance is pending */
	uint64_t now, lookahead;
	int has_galt, has_lits;        /* 0: undefined (galt, lits 0) */
	uint64_t galt, lits;
	size_t queued;                 /* TSO messages sent to f that its
	                                  grants have not passed yet */
	int kind;                      /* pending request (enum tmc_kind:
	                                  TMC_NONE, TMC_TAR...) */
	uint64_t req;                  /* its time (kind != TMC_NONE) */
	int holds_galt;                /* regulating, and its output bound
	                                  is the federation's smallest: the
	                                  GALT of the others is its bound */
	uint64_t out;                  /* that bound (when regulating) */
	uint32_t grants;               /* time advance grants so far */
};
/* f's time advance grants so far (0 without TM state): O(1). */
uint32_t tm_grants(struct federate *f);
/* Fill `out`: 0, or -1 on ENOMEM or when f has no TM state. */
int tm_info(struct federate *f, struct tm_info *out);
/* tm_info of every federate of `fx` that has TM state, from one GALT
 * computation (O(federates), where tm_info per federate would be
 * quadratic): fn(arg, i, info) for fx->feds[i].  0, or -1 on ENOMEM. */
int tm_info_each(struct federation *fx,
    void (*fn)(void *arg, uint32_t i, const struct tm_info *ti), void *arg);

/*
 * Save and restore (FedM's fedm_save.c).
 * tm_save_time_check: may `f` ask for a save at `t`?  RTI_OK, or
 *   LOGICAL_TIME_ALREADY_PASSED (t before its logical time) /
 *   INVALID_LOGICAL_TIME with `msg` filled.
 * tm_save_time_honored: 1 when no time-constrained federate is past `t`.
 * tm_save_cap: a timed save at `t` waits: no constrained federate is
 *   granted past `t`; when every one is at `t` or held back at it (after
 *   their grants went), TM raises save_time_reached.
 * tm_save_freeze: on = a save or restore runs: no grant at all (and no
 *   cap); off = grants go on, pending requests carry on.
 * tm_set_held: keep `f`'s WIRE_SAVE_COLLECTED payload for the save
 *   (checked: 0, or -1 when malformed or ENOMEM).
 */
int tm_save_time_check(struct federate *f, uint64_t t, char *msg,
    size_t len);
int tm_save_time_honored(struct federation *fx, uint64_t t);
void tm_save_cap(struct federation *fx, uint64_t t);
void tm_save_freeze(struct federation *fx, int on);
int tm_set_held(struct federate *f, const void *p, size_t n);

#endif
