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
	FA_REGISTERED, FA_DISCOVERED,
	FA_CONVEY_REGIONS, FA_CONVEY_PRODUCER,
	FA_LIB,                      /* those below: librti's figures
	                                (WIRE_MOM_STATS), sent when its
	                                answer comes */
	FA_GRANTED_MS = FA_LIB, FA_ADVANCING_MS, FA_RO_LENGTH,
	FA_INST_DELETED, FA_INST_REMOVED, FA_ASYNC, FA_INST_UPDATED,
	FA_INST_REFLECTED,
	FA_COUNT
};

/* HLAmanager.HLAfederation's. */
enum {
	XA_NAME, XA_FEDERATES, XA_VERSION, XA_MIM, XA_MODULES, XA_FDD,
	XA_TIME_IMPL,
	XA_LAST_SAVE_NAME, XA_LAST_SAVE_TIME, XA_NEXT_SAVE_NAME,
	XA_NEXT_SAVE_TIME,           /* FedM's saves (fedm_saves) */
	XA_AUTO_PROVIDE,
	XA_COUNT
};

/* The interactions rtiexec carries out, under
 * HLAmanager.HLAfederate. */
enum {
	RQ_PUBLICATIONS, RQ_SUBSCRIPTIONS, RQ_CAN_DELETE, RQ_UPDATES,
	RQ_REFLECTIONS, RQ_ISENT, RQ_IRECEIVED, RQ_INSTANCE_INFO,
	RQ_MODULE_DATA, RQ_INST_UPDATED, RQ_INST_REFLECTED,
	RQ_SET_TIMING, RQ_SET_EXCEPTIONS, RQ_SET_SERVICES, RQ_SET_SWITCHES,
	RQ_MODIFY_STATE, RQ_RESIGN, RQ_COUNT
};

/* The reports, under HLAmanager.HLAfederate.HLAreport. */
enum {
	RP_OC_PUB, RP_IC_PUB, RP_OC_SUB, RP_IC_SUB, RP_CAN_DELETE,
	RP_UPDATES, RP_REFLECTIONS, RP_ISENT, RP_IRECEIVED, RP_INSTANCE_INFO,
	RP_MOM_EXCEPTION, RP_EXCEPTION, RP_FEDERATE_LOST, RP_SERVICE, RP_MODULE_DATA,
	RP_INST_UPDATED, RP_INST_REFLECTED,
	RP_COUNT
};

/* The interactions of HLAmanager.HLAfederation rtiexec carries out, and
 * their reports. */
enum {
	FQ_SYNC_POINTS, FQ_SYNC_STATUS, FQ_MODULE_DATA, FQ_MIM_DATA,
	FQ_SET_SWITCHES, FQ_COUNT
};
enum { FP_SYNC_POINTS, FP_SYNC_STATUS, FP_MODULE_DATA, FP_MIM_DATA,
	FP_COUNT };

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
	uint32_t fq[FQ_COUNT], fp[FP_COUNT];  /* HLAmanager.HLAfederation */
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
	struct mom_stats lib;             /* librti's last WIRE_MOM_STATS
	                                     (its totals: lists not kept) */
	int asked;                        /* a WIRE_CB_MOM_QUERY is out */
	unsigned want;                    /* reports waiting for librti's
	                                     answer: 1 << 0 updated, 1 << 1
	                                     reflected */
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
/* HLAreportFederateLost about `f`, being resigned because its
 * connection was lost for `why`. */
void mom_report_lost(struct mom_fx *st, struct federate *f, const char *why);
/* A report of class `cls` about federate `about` (0: none) carrying
 * `text[0..len)` in `param` (and `index` in `index_param` when not
 * NULL): 0, or -1 when the text would not fit in a frame. */
int mom_report_text(struct mom_fx *st, uint32_t cls, uint32_t about,
    const char *index_param, int32_t index, const char *param,
    const char *text, size_t len);
/* HLAreportSynchronizationPoints: the pending points' labels (at most
 * 64); HLAreportSynchronizationPointStatus: one per pending point. */
void mom_report_sync_points(struct mom_fx *st, uint32_t cls);
void mom_report_sync_status(struct mom_fx *st, uint32_t cls);
/* The name of the service a federate's frame of wire `type` asks, or
 * "". */
const char *mom_service_of(uint16_t type);
/* HLAreportServiceInvocation about `f`: `exc` "" on success. */
void mom_report_service(struct mom_fx *st, struct federate *f,
    const char *service, int success, char *const *sup, uint32_t n_sup,
    char *const *ret, uint32_t n_ret, const char *exc, uint32_t serial);

/* mom_adjust.c.  The HLAmanager.HLAfederation classes of st->fq/fp,
 * those rtiexec carries out taken (om_rti_take): 0, or -1 on ENOMEM. */
int mom_adjust_init(struct mom_fx *st);
/* An interaction of HLAmanager.HLAfederation that `from` sent: 1 when
 * it is one (carried out or answered with HLAreportMOMexception), 0
 * when `cls` is not one of them. */
int mom_federation_interaction(struct mom_fx *st, struct federate *from,
    uint32_t cls, const uint8_t *params, size_t len);
/* HLArequestFOMmoduleData and HLAsetSwitches of `f`, asked by `from`. */
void mom_module_data(struct mom_fx *st, struct federate *f, uint32_t from,
    const char *service, const uint8_t *params, size_t len);
void mom_set_switches(struct mom_fx *st, struct federate *f, uint32_t from,
    const char *service, const uint8_t *params, size_t len);
/* The HLAreportMOMexception of interaction `ic` (RQ_ entry `k`, RQ_COUNT
 * when none) that rti refuses, with the reason. */
void mom_refused(struct mom_fx *st, uint32_t from, const char *service,
    const struct fom_iclass *ic, int k);

/* mom_service.c.  Ask f's librti for its figures (WIRE_CB_MOM_QUERY),
 * unless a question is out already; its answer reflects them. */
void mom_ask_librti(struct mom_fx *st, struct federate *f);
/* Reflect f's attributes of librti's figures to those that know its
 * instance (mom.c). */
void mom_reflect_lib(struct federate *f);

/* mom_service.c.  HLAsetServiceReporting of `f`, asked by `from`. */
void mom_set_service_reporting(struct mom_fx *st, struct federate *f,
    uint32_t from, const char *service, const uint8_t *params, size_t len);
/* Its frame handlers: WIRE_SERVICE_REPORT. */
extern const struct msg_handler mom_handlers[];
/* The service_invoked event (server.h). */
void mom_service_invoked(struct federate *f, uint16_t type,
    const uint8_t *p, uint32_t n, int err, const char *msg,
    const uint8_t *ret, uint32_t ret_len);

/* HLAreportException about federate `fed`'s message of wire `type`. */
void mom_report_exception(struct mom_fx *st, uint32_t fed, uint16_t type,
    const char *text);

#endif
