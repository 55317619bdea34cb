/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mom_int.h - what the files of the MOM module share (mom.c: the
 * instances, the interactions, the hooks; mom_report.c: the reports) and
 * nothing else includes: the per-federation and per-federate state and
 * the handles of the MIM's names.
 */
#ifndef RTI_MOM_INT_H
#define RTI_MOM_INT_H

#include "mom_codec.h"
#include "om.h"
#include "server.h"

/* HLAmanager.HLAfederate's attributes rtiexec supplies. */
enum {
	FA_HANDLE, FA_NAME, FA_TYPE, FA_HOST, FA_VERSION, FA_MODULES,
	FA_STATIC,                   /* those above never change */
	FA_CONSTRAINED = FA_STATIC, FA_REGULATING, FA_STATE, FA_TMSTATE,
	FA_TIME, FA_LOOKAHEAD, FA_GALT, FA_LITS, FA_TSOLEN,
	FA_REFLECTIONS, FA_UPDATES, FA_IRECEIVED, FA_ISENT, FA_CAN_DELETE,
	FA_COUNT
};

/* HLAmanager.HLAfederation's. */
enum {
	XA_NAME, XA_FEDERATES, XA_VERSION, XA_MIM, XA_MODULES, XA_TIME_IMPL,
	XA_LAST_SAVE_NAME, XA_LAST_SAVE_TIME, XA_NEXT_SAVE_NAME,
	XA_NEXT_SAVE_TIME,           /* FedM's saves (fedm_saves) */
	XA_COUNT
};

/* The interactions rtiexec carries out, under
 * HLAmanager.HLAfederate. */
enum {
	RQ_PUBLICATIONS, RQ_SUBSCRIPTIONS, RQ_CAN_DELETE, RQ_UPDATES,
	RQ_REFLECTIONS, RQ_ISENT, RQ_IRECEIVED, RQ_INSTANCE_INFO,
	RQ_SET_TIMING, RQ_SET_EXCEPTIONS, RQ_RESIGN, RQ_COUNT
};

/* The reports, under HLAmanager.HLAfederate.HLAreport. */
enum {
	RP_OC_PUB, RP_IC_PUB, RP_OC_SUB, RP_IC_SUB, RP_CAN_DELETE,
	RP_UPDATES, RP_REFLECTIONS, RP_ISENT, RP_IRECEIVED, RP_INSTANCE_INFO,
	RP_MOM_EXCEPTION, RP_EXCEPTION, RP_COUNT
};

/* Exceptions waiting for HLAreportException (sent from the loop: the
 * event comes while frames are being built), at most MOM_MAX_PENDING. */
#define MOM_MAX_PENDING 256
struct mom_exc {
	uint32_t fed;
	uint16_t type;
	int err;
	char msg[240];
	struct mom_exc *next;
};

/* An eviction waiting for the loop (HLAresignFederationExecution is
 * carried out after the dispatch of the interaction that asked it, so
 * that no federate is freed under its own message). */
struct mom_evict {
	uint32_t target, by;
	int action;               /* RTI_RESIGN_* */
	struct mom_evict *next;
};

struct mom_fx {
	struct federation *fx;
	uint32_t fed_cls, fx_cls;         /* 0: the FOM has no MIM classes */
	uint32_t fa[FA_COUNT], xa[XA_COUNT];
	uint32_t mgr_ic;                  /* HLAmanager.HLAfederate */
	uint32_t p_federate;              /* its HLAfederate parameter */
	uint32_t rq[RQ_COUNT], rp[RP_COUNT];
	struct om_instance *fx_in;        /* the HLAfederation instance */
	struct wire_buf vals;             /* values being encoded */
	struct wire_buf par;              /* a report's parameters */
	struct om_value v[FA_COUNT + XA_COUNT];
	size_t voff[FA_COUNT + XA_COUNT];
	struct mom_evict *evicts;
	struct event *evict_ev;
	struct mom_exc *exc, **exc_tail;
	uint32_t n_exc;
	uint64_t exc_dropped;
	struct event *exc_ev;
};

struct mom_fed {
	struct om_instance *in;           /* its HLAfederate instance */
	struct event *timer;              /* HLAsetTiming, or NULL */
	uint32_t period;                  /* seconds, 0 = off */
	uint64_t *counts;                 /* the arrays of f->cnt */
	size_t noc, nic;                  /* their lengths: classes + 1 */
};

static inline struct mom_fx *
mom_fxst(struct federation *fx)
{
	return fx->mod[MOD_MOM];
}

static inline struct mom_fed *
mom_fedst(struct federate *f)
{
	return f->mod[MOD_MOM];
}

/* An HLAcount (HLAinteger32BE) of `v`, INT32_MAX beyond. */
static inline uint32_t
mom_clamp32(uint64_t v)
{
	return v > INT32_MAX ? INT32_MAX : (uint32_t)v;
}

/* mom_report.c.  The reports about federate `f` (rti-mom(7)
 * INTERACTIONS), each sent to the subscribers of its class. */
void mom_report_publications(struct mom_fx *st, struct federate *f);
void mom_report_subscriptions(struct mom_fx *st, struct federate *f);
void mom_report_can_delete(struct mom_fx *st, struct federate *f);
/* A report of per-class counts[1..n] in parameter `param` of report
 * class `cls`; `transport` adds HLAtransportation. */
void mom_report_counts(struct mom_fx *st, struct federate *f, uint32_t cls,
    const char *param, const uint64_t *counts, uint32_t n, int transport);
/* HLAreportObjectInstanceInformation of the HLAobjectInstance in
 * `params`, for `f`, asked by `from`. */
void mom_report_instance(struct mom_fx *st, struct federate *f,
    uint32_t from, const char *service, const uint8_t *params, size_t len);
/* HLAreportMOMexception about a MOM interaction `service` of `from`. */
void mom_exception(struct mom_fx *st, uint32_t from, const char *service,
    int param_error, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* HLAreportException about federate `fed`'s message of wire `type`. */
void mom_report_exception(struct mom_fx *st, uint32_t fed, uint16_t type,
    const char *text);

#endif
