/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mom_report.c - the MOM's reports (rti-mom(7) INTERACTIONS): each an
 * interaction of the RTI whose parameters are built here, HLAfederate (the
 * federate it is about) first, and sent to the subscribers of its class
 * (om_rti_interaction).  A parameter the FOM's class lacks is left out.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "dm.h"
#include "fedm.h"
#include "mom_int.h"
#include "tm.h"

/* The service a federate's message asks, by wire type (proto/wire.h),
 * for HLAreportException. */
static const struct {
	uint16_t type;
	const char *service;
} services[] = {
	{ WIRE_CREATE, "createFederationExecution" },
	{ WIRE_DESTROY, "destroyFederationExecution" },
	{ WIRE_LIST, "listFederationExecutions" },
	{ WIRE_JOIN, "joinFederationExecution" },
	{ WIRE_RESIGN, "resignFederationExecution" },
	{ WIRE_SET_RESIGN_ACTION, "setAutomaticResignDirective" },
	{ WIRE_SYNC_REGISTER, "registerFederationSynchronizationPoint" },
	{ WIRE_SYNC_ACHIEVED, "synchronizationPointAchieved" },
	{ WIRE_GET_FEDERATE_HANDLE, "getFederateHandle" },
	{ WIRE_GET_FEDERATE_NAME, "getFederateName" },
	{ WIRE_SAVE_REQUEST, "requestFederationSave" },
	{ WIRE_SAVE_BEGUN, "federateSaveBegun" },
	{ WIRE_SAVE_COMPLETE, "federateSaveComplete" },
	{ WIRE_SAVE_ABORT, "abortFederationSave" },
	{ WIRE_SAVE_QUERY, "queryFederationSaveStatus" },
	{ WIRE_RESTORE_REQUEST, "requestFederationRestore" },
	{ WIRE_RESTORE_COMPLETE, "federateRestoreComplete" },
	{ WIRE_RESTORE_ABORT, "abortFederationRestore" },
	{ WIRE_RESTORE_QUERY, "queryFederationRestoreStatus" },
	{ WIRE_DM_PUBLISH_OC, "publishObjectClassAttributes" },
	{ WIRE_DM_UNPUBLISH_OC, "unpublishObjectClassAttributes" },
	{ WIRE_DM_SUBSCRIBE_OC, "subscribeObjectClassAttributes" },
	{ WIRE_DM_UNSUBSCRIBE_OC, "unsubscribeObjectClassAttributes" },
	{ WIRE_DM_PUBLISH_IC, "publishInteractionClass" },
	{ WIRE_DM_UNPUBLISH_IC, "unpublishInteractionClass" },
	{ WIRE_DM_SUBSCRIBE_IC, "subscribeInteractionClass" },
	{ WIRE_DM_UNSUBSCRIBE_IC, "unsubscribeInteractionClass" },
	{ WIRE_DM_SET_SWITCH, "enable/disable advisory switch" },
	{ WIRE_OM_RESERVE_NAMES, "reserveObjectInstanceName" },
	{ WIRE_OM_RELEASE_NAMES, "releaseObjectInstanceName" },
	{ WIRE_OM_REGISTER, "registerObjectInstance" },
	{ WIRE_OM_REGISTER_COND, "registerObjectInstance" },
	{ WIRE_OM_UPDATE, "updateAttributeValues" },
	{ WIRE_OM_INTERACTION, "sendInteraction" },
	{ WIRE_OM_DELETE, "deleteObjectInstance" },
	{ WIRE_OM_LOCAL_DELETE, "localDeleteObjectInstance" },
	{ WIRE_OM_REQUEST_UPDATE, "requestAttributeValueUpdate" },
	{ WIRE_OM_REQUEST_CLASS_UPDATE, "requestAttributeValueUpdate" },
	{ WIRE_OM_CHANGE_ATTR_TRANSPORT,
	    "requestAttributeTransportationTypeChange" },
	{ WIRE_OM_CHANGE_IC_TRANSPORT,
	    "requestInteractionTransportationTypeChange" },
	{ WIRE_OM_QUERY_ATTR_TRANSPORT, "queryAttributeTransportationType" },
	{ WIRE_OM_QUERY_IC_TRANSPORT, "queryInteractionTransportationType" },
	{ WIRE_TM_ENABLE_REGULATION, "enableTimeRegulation" },
	{ WIRE_TM_DISABLE_REGULATION, "disableTimeRegulation" },
	{ WIRE_TM_ENABLE_CONSTRAINED, "enableTimeConstrained" },
	{ WIRE_TM_DISABLE_CONSTRAINED, "disableTimeConstrained" },
	{ WIRE_TM_ADVANCE, "timeAdvanceRequest" },
	{ WIRE_TM_MODIFY_LOOKAHEAD, "modifyLookahead" },
	{ WIRE_TM_QUERY_GALT, "queryGALT" },
	{ WIRE_TM_QUERY_LITS, "queryLITS" },
	{ WIRE_TM_RETRACT, "retract" },
	{ WIRE_OWM_DIVEST, "unconditionalAttributeOwnershipDivestiture" },
	{ WIRE_OWM_NEGOTIATE, "negotiatedAttributeOwnershipDivestiture" },
	{ WIRE_OWM_CONFIRM, "confirmDivestiture" },
	{ WIRE_OWM_ACQUIRE, "attributeOwnershipAcquisition" },
	{ WIRE_OWM_ACQUIRE_IF, "attributeOwnershipAcquisitionIfAvailable" },
	{ WIRE_OWM_DENY, "attributeOwnershipReleaseDenied" },
	{ WIRE_OWM_IF_WANTED, "attributeOwnershipDivestitureIfWanted" },
	{ WIRE_OWM_CANCEL_DIVEST,
	    "cancelNegotiatedAttributeOwnershipDivestiture" },
	{ WIRE_OWM_CANCEL_ACQUIRE, "cancelAttributeOwnershipAcquisition" },
	{ WIRE_OWM_QUERY, "queryAttributeOwnership" },
	{ WIRE_DDM_REGION_SET, "commitRegionModifications" },
	{ WIRE_DDM_REGION_DELETE, "deleteRegion" },
	{ WIRE_DDM_SUBSCRIBE, "subscribeObjectClassAttributesWithRegions" },
	{ WIRE_DDM_UNSUBSCRIBE,
	    "unsubscribeObjectClassAttributesWithRegions" },
	{ WIRE_DDM_CONDITION, "subscription condition" },
	{ WIRE_DDM_INSTANCE, "associateRegionsForUpdates" },
	{ WIRE_DDM_INTERACTION, "sendInteractionWithRegions" },
	{ WIRE_DDM_REQUEST_UPDATE, "requestAttributeValueUpdateWithRegions" },
	{ WIRE_DDM_CONDITIONS_SET, "subscription conditions" },
};

const char *
mom_service_of(uint16_t type)
{
	size_t i;

	for (i = 0; i < sizeof services / sizeof services[0]; i++)
		if (services[i].type == type)
			return services[i].service;
	return "";
}

/* Start a report's parameters: HLAfederate = `about` first (0: none, a
 * report of HLAmanager.HLAfederation). */
static struct wire_buf *
par_begin(struct mom_fx *st, uint32_t about)
{
	wire_buf_reset(&st->par);
	wire_put_u32(&st->par, 0);
	if (st->p_federate && about) {
		wire_put_u32(&st->par, st->p_federate);
		wire_put_u32(&st->par, 8);
		mom_enc_handle(&st->par, about);
		wire_patch_u32(&st->par, 0, 1);
	}
	return &st->par;
}

/* Open parameter `name` of report class `cls`: the offset of its value
 * (for par_end), or 0 when the class has no such parameter (the value
 * written then is dropped by par_end). */
static size_t
par_open(struct mom_fx *st, uint32_t cls, const char *name)
{
	uint32_t p = fom_param_by_name(st->fx->fom, cls, name);

	wire_put_u32(&st->par, p);
	wire_put_u32(&st->par, 0);
	return st->par.len;
}

static void
par_close(struct mom_fx *st, size_t at)
{
	struct wire_buf *b = &st->par;

	if (wire_get32(b->data + at - 8) == 0) {
		b->len = at - 8;        /* not in this FOM's class */
		return;
	}
	wire_patch_u32(b, at - 4, (uint32_t)(b->len - at));
	wire_patch_u32(b, 0, wire_get32(b->data) + 1);
}

static void
par_str(struct mom_fx *st, uint32_t cls, const char *name, const char *v)
{
	size_t at = par_open(st, cls, name);

	mom_enc_str(&st->par, v);
	par_close(st, at);
}

static void
par_u32(struct mom_fx *st, uint32_t cls, const char *name, uint32_t v)
{
	size_t at = par_open(st, cls, name);

	wire_put_u32(&st->par, v);
	par_close(st, at);
}

static void
par_handle(struct mom_fx *st, uint32_t cls, const char *name, uint32_t v)
{
	size_t at = par_open(st, cls, name);

	mom_enc_handle(&st->par, v);
	par_close(st, at);
}

static void
report_send(struct mom_fx *st, uint32_t cls)
{
	if (st->par.oom) {
		rti_log(st->fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	om_rti_interaction(st->fx, cls, st->par.data, st->par.len);
}

void
mom_exception(struct mom_fx *st, uint32_t from, const char *service,
    int param_error, const char *fmt, ...)
{
	uint32_t cls = st->rp[RP_MOM_EXCEPTION];
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	rti_log(st->fx->srv, LOG_INFO, "MOM: %s from federate %u: %s",
	    service, from, msg);
	if (!cls)
		return;
	par_begin(st, from);
	par_str(st, cls, "HLAservice", service);
	par_str(st, cls, "HLAexception", msg);
	par_u32(st, cls, "HLAparameterError", param_error != 0);
	report_send(st, cls);
}

/* HLAhandleList of the attributes in set `s`. */
static void
enc_attr_set(struct mom_fx *st, const uint64_t *s)
{
	size_t words = dm_words(st->fx), at = st->par.len, w;
	uint32_t n = 0;
	uint64_t x;

	wire_put_u32(&st->par, 0);
	for (w = 0; w < words; w++)
		for (x = s[w]; x; x &= x - 1) {
			mom_enc_handle(&st->par,
			    (uint32_t)(w * 64 + (size_t)__builtin_ctzll(x)));
			n++;
		}
	wire_patch_u32(&st->par, at, n);
}

void
mom_report_publications(struct mom_fx *st, struct federate *f)
{
	const struct fom *fom = st->fx->fom;
	uint32_t cls = st->rp[RP_OC_PUB], c, n = 0, at_n;
	size_t at;

	for (c = 1; c <= fom->n_oclasses; c++)
		n += dm_published(f, c) != NULL;
	for (c = 1; cls && c <= fom->n_oclasses; c++) {
		const uint64_t *pub = dm_published(f, c);

		if (!pub)
			continue;
		par_begin(st, f->handle);
		par_u32(st, cls, "HLAnumberOfClasses", n);
		par_handle(st, cls, "HLAobjectClass", c);
		at = par_open(st, cls, "HLAattributeList");
		enc_attr_set(st, pub);
		par_close(st, at);
		report_send(st, cls);
	}
	if (!(cls = st->rp[RP_IC_PUB]))
		return;
	par_begin(st, f->handle);
	at = par_open(st, cls, "HLAinteractionClassList");
	at_n = (uint32_t)st->par.len;
	wire_put_u32(&st->par, 0);
	for (c = 1, n = 0; c <= fom->n_iclasses; c++)
		if (dm_iclass_published(f, c)) {
			mom_enc_handle(&st->par, c);
			n++;
		}
	wire_patch_u32(&st->par, at_n, n);
	par_close(st, at);
	report_send(st, cls);
}

void
mom_report_subscriptions(struct mom_fx *st, struct federate *f)
{
	const struct fom *fom = st->fx->fom;
	uint32_t cls = st->rp[RP_OC_SUB], c, n = 0, at_n;
	int active;
	size_t at;

	for (c = 1; c <= fom->n_oclasses; c++)
		n += dm_subscribed(f, c, &active) != NULL;
	for (c = 1; cls && c <= fom->n_oclasses; c++) {
		const uint64_t *sub = dm_subscribed(f, c, &active);

		if (!sub)
			continue;
		par_begin(st, f->handle);
		par_u32(st, cls, "HLAnumberOfClasses", n);
		par_handle(st, cls, "HLAobjectClass", c);
		par_u32(st, cls, "HLAactive", active != 0);
		par_str(st, cls, "HLAmaxUpdateRate", "");
		at = par_open(st, cls, "HLAattributeList");
		enc_attr_set(st, sub);
		par_close(st, at);
		report_send(st, cls);
	}
	if (!(cls = st->rp[RP_IC_SUB]))
		return;
	par_begin(st, f->handle);
	at = par_open(st, cls, "HLAinteractionClassList");
	at_n = (uint32_t)st->par.len;
	wire_put_u32(&st->par, 0);
	for (c = 1, n = 0; c <= fom->n_iclasses; c++) {
		int s = dm_iclass_subscribed(f, c);

		if (!s)
			continue;
		/* HLAinteractionSubscription {HLAhandle, HLAboolean} */
		mom_enc_handle(&st->par, c);
		wire_put_u32(&st->par, s == 2);
		n++;
	}
	wire_patch_u32(&st->par, at_n, n);
	par_close(st, at);
	report_send(st, cls);
}

/* HLAobjectClassBasedCounts or HLAinteractionCounts of counts[1..n]
 * (records {HLAhandle, HLAcount}, those not 0). */
static void
enc_counts(struct mom_fx *st, const uint64_t *counts, uint32_t n)
{
	size_t at = st->par.len;
	uint32_t c, k = 0;

	wire_put_u32(&st->par, 0);
	for (c = 1; c <= n; c++)
		if (counts[c]) {
			mom_enc_handle(&st->par, c);
			wire_put_u32(&st->par, mom_clamp32(counts[c]));
			k++;
		}
	wire_patch_u32(&st->par, at, k);
}

/* A report of per-class counts: `param` holds them; `transport` 1 adds
 * HLAtransportation (all of rti's traffic is HLAreliable). */
void
mom_report_counts(struct mom_fx *st, struct federate *f, uint32_t cls,
    const char *param, const uint64_t *counts, uint32_t n, int transport)
{
	size_t at;

	if (!cls)
		return;
	par_begin(st, f->handle);
	if (transport)
		par_str(st, cls, "HLAtransportation", "HLAreliable");
	at = par_open(st, cls, param);
	enc_counts(st, counts, n);
	par_close(st, at);
	report_send(st, cls);
}

void
mom_report_can_delete(struct mom_fx *st, struct federate *f)
{
	struct federation *fx = st->fx;
	struct om_instance *in;
	uint64_t *counts;

	counts = calloc(fx->fom->n_oclasses + 1, sizeof *counts);
	if (!counts) {
		rti_log(fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	for (in = om_first(fx); in; in = om_next(fx, in))
		if (om_owner(in, 1) == f->handle)
			counts[in->cls]++;
	mom_report_counts(st, f, st->rp[RP_CAN_DELETE],
	    "HLAobjectInstanceCounts", counts, fx->fom->n_oclasses, 0);
	free(counts);
}

void
mom_report_instance(struct mom_fx *st, struct federate *f, uint32_t from,
    const char *service, const uint8_t *params, size_t len)
{
	uint32_t cls = st->rp[RP_INSTANCE_INFO], vlen, obj, i, n, at_n;
	struct om_instance *in;
	const uint8_t *v;
	uint32_t known;
	size_t at;

	v = mom_param_find(params, len, fom_param_by_name(st->fx->fom,
	    st->rq[RQ_INSTANCE_INFO], "HLAobjectInstance"), &vlen);
	if (!v || mom_dec_handle(v, vlen, &obj) < 0) {
		mom_exception(st, from, service, 1, "HLAobjectInstance is %s",
		    v ? "not an HLAhandle" : "missing");
		return;
	}
	in = om_find(st->fx, obj);
	known = in ? (in->registrar == f->handle ? in->cls :
	    om_known_class(in, f->handle)) : 0;
	if (!known) {
		mom_exception(st, from, service, 0, "object instance %u is "
		    "not known to federate %u", obj, f->handle);
		return;
	}
	if (!cls)
		return;
	par_begin(st, f->handle);
	par_handle(st, cls, "HLAobjectInstance", obj);
	at = par_open(st, cls, "HLAownedInstanceAttributeList");
	at_n = (uint32_t)st->par.len;
	wire_put_u32(&st->par, 0);
	for (i = n = 0; i < in->n_attrs; i++)
		if (in->owner[i] == f->handle) {
			mom_enc_handle(&st->par, in->attrs[i]);
			n++;
		}
	wire_patch_u32(&st->par, at_n, n);
	par_close(st, at);
	par_handle(st, cls, "HLAregisteredClass", in->cls);
	par_handle(st, cls, "HLAknownClass", known);
	report_send(st, cls);
}

void
mom_report_exception(struct mom_fx *st, uint32_t fed, uint16_t type,
    const char *text)
{
	uint32_t cls = st->rp[RP_EXCEPTION];

	if (!cls)
		return;
	par_begin(st, fed);
	par_str(st, cls, "HLAservice", mom_service_of(type));
	par_str(st, cls, "HLAexception", text);
	report_send(st, cls);
}

void
mom_report_lost(struct mom_fx *st, struct federate *f, const char *why)
{
	uint32_t cls = st->rp[RP_FEDERATE_LOST];
	struct tm_info ti;
	char text[256];
	size_t at;

	if (!cls)
		return;
	snprintf(text, sizeof text, "federate '%.100s' lost its connection "
	    "to rtiexec: %s", f->name, why);
	par_begin(st, f->handle);
	par_str(st, cls, "HLAfederateName", f->name);
	/* its logical time when it was lost */
	at = par_open(st, cls, "HLAtimeStamp");
	if (tm_info(f, &ti) == 0)
		mom_enc_time(&st->par, 1, ti.now);
	par_close(st, at);
	par_str(st, cls, "HLAfaultDescription", text);
	report_send(st, cls);
}

void
mom_report_service(struct mom_fx *st, struct federate *f,
    const char *service, int success, char *const *sup, uint32_t n_sup,
    char *const *ret, uint32_t n_ret, const char *exc, uint32_t serial)
{
	uint32_t cls = st->rp[RP_SERVICE];
	size_t at;

	par_begin(st, f->handle);
	par_str(st, cls, "HLAservice", service);
	par_u32(st, cls, "HLAsuccessIndicator", success != 0);
	at = par_open(st, cls, "HLAsuppliedArguments");
	mom_enc_str_list(&st->par, at, sup, n_sup);
	par_close(st, at);
	at = par_open(st, cls, "HLAreturnedArguments");
	mom_enc_str_list(&st->par, at, ret, n_ret);
	par_close(st, at);
	par_str(st, cls, "HLAexception", exc);
	par_u32(st, cls, "HLAserialNumber", serial);
	report_send(st, cls);
}

int
mom_report_text(struct mom_fx *st, uint32_t cls, uint32_t about,
    const char *index_param, int32_t index, const char *param,
    const char *text, size_t len)
{
	size_t at;

	if (!cls)
		return 0;
	/* a UTF-16 unit per octet at most, the frame's header and the
	 * other parameters */
	if (len > (server_cfg(st->fx->srv)->max_frame - 4096) / 2)
		return -1;
	par_begin(st, about);
	if (index_param)
		par_u32(st, cls, index_param, (uint32_t)index);
	at = par_open(st, cls, param);
	mom_enc_strn(&st->par, text, len);
	par_close(st, at);
	report_send(st, cls);
	return 0;
}

struct sync_rep {
	struct mom_fx *st;
	uint32_t cls;
	uint32_t n, cap;
	const char **labels;      /* cap entries, or NULL: count only */
};

static void
sync_label(void *arg, const char *label, uint32_t n, const uint32_t *members,
    const uint8_t *achieved)
{
	struct sync_rep *r = arg;

	(void)n;
	(void)members;
	(void)achieved;
	if (r->labels && r->n < r->cap)
		r->labels[r->n] = label;
	r->n++;
}

static void
sync_status(void *arg, const char *label, uint32_t n,
    const uint32_t *members, const uint8_t *achieved)
{
	struct sync_rep *r = arg;
	struct mom_fx *st = r->st;
	size_t at;
	uint32_t i;

	par_begin(st, 0);
	par_str(st, r->cls, "HLAsyncPointName", label);
	at = par_open(st, r->cls, "HLAsyncPointFederates");
	wire_put_u32(&st->par, n);
	for (i = 0; i < n; i++) {
		/* HLAsynchPointFederate {HLAhandle, HLAsynchPointStatus}:
		 * WaitingForRestOfFederation 3 once achieved, else
		 * MovingToSynchPoint 2 */
		mom_enc_handle(&st->par, members[i]);
		wire_put_u32(&st->par, achieved[i] ? 3 : 2);
	}
	par_close(st, at);
	report_send(st, r->cls);
}

void
mom_report_sync_points(struct mom_fx *st, uint32_t cls)
{
	struct sync_rep r;
	size_t at;

	if (!cls)
		return;
	memset(&r, 0, sizeof r);
	fedm_sync_each(st->fx, sync_label, &r);
	if (r.n && !(r.labels = calloc(r.n, sizeof *r.labels))) {
		rti_log(st->fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	r.cap = r.n;
	r.n = 0;
	fedm_sync_each(st->fx, sync_label, &r);
	par_begin(st, 0);
	at = par_open(st, cls, "HLAsyncPoints");
	mom_enc_str_list(&st->par, at, (char *const *)r.labels, r.n);
	par_close(st, at);
	report_send(st, cls);
	free(r.labels);
}

void
mom_report_sync_status(struct mom_fx *st, uint32_t cls)
{
	struct sync_rep r;

	if (!cls)
		return;
	memset(&r, 0, sizeof r);
	r.st = st;
	r.cls = cls;
	fedm_sync_each(st->fx, sync_status, &r);
}
