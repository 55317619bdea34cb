/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mom_adjust.c - the MOM interactions beyond the counts (rti-mom(7)):
 * HLArequestFOMmoduleData of a federate, the switches (fixed in rti: a
 * request for what rti does is taken, one for what it does not is
 * refused with the reason), HLAmodifyAttributeState and the HLAservice
 * interactions rti refuses by design, and the interactions of
 * HLAmanager.HLAfederation (synchronization points, module and MIM
 * data, HLAautoProvide).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "mom_int.h"

static const char *const fq_names[FQ_COUNT] = {
	"HLArequest.HLArequestSynchronizationPoints",
	"HLArequest.HLArequestSynchronizationPointStatus",
	"HLArequest.HLArequestFOMmoduleData",
	"HLArequest.HLArequestMIMdata",
	"HLAadjust.HLAsetSwitches"
};

static const char *const fp_names[FP_COUNT] = {
	"HLAreportSynchronizationPoints",
	"HLAreportSynchronizationPointStatus", "HLAreportFOMmoduleData",
	"HLAreportMIMdata"
};

/* A parameter `name` of class `cls` that is an HLAswitch or HLAindex
 * (HLAinteger32BE): 1 and *v, 0 when absent, -1 (and the exception
 * sent) when it does not decode. */
static int
param_i32(struct mom_fx *st, uint32_t cls, const char *name, uint32_t from,
    const char *service, const uint8_t *params, size_t len, int32_t *v)
{
	const uint8_t *p;
	uint32_t vlen;

	p = mom_param_find(params, len, fom_param_by_name(st->fx->fom, cls,
	    name), &vlen);
	if (!p)
		return 0;
	if (mom_dec_i32(p, vlen, v) < 0) {
		mom_exception(st, from, service, 1, "%s is not four octets",
		    name);
		return -1;
	}
	return 1;
}

/* Module `idx` of the designator list whose modules are
 * fx->module_names[first..first + n): its report, or the exception. */
static void
module_data(struct mom_fx *st, uint32_t req, uint32_t rep, uint32_t about,
    uint32_t from, const char *service, const uint8_t *params, size_t len,
    uint32_t first, uint32_t n)
{
	struct federation *fx = st->fx;
	int32_t idx;
	int rc;

	rc = param_i32(st, req, "HLAFOMmoduleIndicator", from, service,
	    params, len, &idx);
	if (rc < 0)
		return;
	if (rc == 0) {
		mom_exception(st, from, service, 1,
		    "HLAFOMmoduleIndicator is missing");
		return;
	}
	if (idx < 0 || (uint32_t)idx >= n) {
		mom_exception(st, from, service, 1, "HLAFOMmoduleIndicator %d "
		    "is not an index of HLAFOMmoduleDesignatorList (%u "
		    "modules)", idx, n);
		return;
	}
	if (mom_report_text(st, rep, about, "HLAFOMmoduleIndicator", idx,
	    "HLAFOMmoduleData", fx->module_xml[first + (uint32_t)idx],
	    fx->module_len[first + (uint32_t)idx]) < 0)
		mom_exception(st, from, service, 0, "module %d is too large "
		    "for one frame (--max-frame)", idx);
}

void
mom_module_data(struct mom_fx *st, struct federate *f, uint32_t from,
    const char *service, const uint8_t *params, size_t len)
{
	module_data(st, st->rq[RQ_MODULE_DATA], st->rp[RP_MODULE_DATA],
	    f->handle, from, service, params, len, f->join_mod_first,
	    f->join_mod_n);
}

/* HLAsetSwitches of a federate: rti always conveys the producing
 * federate (rti_message_info.producer) and never region designator
 * sets. */
void
mom_set_switches(struct mom_fx *st, struct federate *f, uint32_t from,
    const char *service, const uint8_t *params, size_t len)
{
	uint32_t cls = st->rq[RQ_SET_SWITCHES];
	int32_t regions = 0, producer = 1;
	int r1, r2;

	(void)f;
	r1 = param_i32(st, cls, "HLAconveyRegionDesignatorSets", from,
	    service, params, len, &regions);
	if (r1 < 0)
		return;
	r2 = param_i32(st, cls, "HLAconveyProducingFederate", from, service,
	    params, len, &producer);
	if (r2 < 0)
		return;
	if (r1 == 0 && r2 == 0) {
		mom_exception(st, from, service, 1, "no switch is given");
		return;
	}
	if ((regions != 0 && regions != 1) || (producer != 0 &&
	    producer != 1)) {
		mom_exception(st, from, service, 1, "a switch is not "
		    "Enabled (1) or Disabled (0)");
		return;
	}
	if (regions)
		mom_exception(st, from, service, 0, "rti does not convey "
		    "region designator sets: HLAconveyRegionDesignatorSets "
		    "stays Disabled (rti-mom(7))");
	else if (!producer)
		mom_exception(st, from, service, 0, "rti always conveys the "
		    "producing federate: HLAconveyProducingFederate stays "
		    "Enabled (rti-mom(7))");
}

void
mom_refused(struct mom_fx *st, uint32_t from, const char *service,
    const struct fom_iclass *ic, int k)
{
	if (k == RQ_MODIFY_STATE)
		mom_exception(st, from, service, 0, "rti does not change "
		    "ownership on a federate's behalf: attributes change "
		    "owner only through the owner's own ownership services "
		    "(rti-mom(7))");
	else if (k == RQ_COUNT && strstr(ic->qname, ".HLAservice."))
		mom_exception(st, from, service, 0, "rti does not invoke "
		    "services on a federate's behalf, but "
		    "HLAresignFederationExecution: its librti holds the "
		    "state the federate's own calls build and its callbacks "
		    "assume (rti-mom(7))");
	else
		mom_exception(st, from, service, 0, "%s is not carried out "
		    "by rti (rti-mom(7))", ic->qname);
}

int
mom_federation_interaction(struct mom_fx *st, struct federate *from,
    uint32_t cls, const uint8_t *params, size_t len)
{
	struct federation *fx = st->fx;
	const char *service;
	int32_t on;
	int k, rc;

	for (k = 0; k < FQ_COUNT && st->fq[k] != cls; k++)
		;
	if (k == FQ_COUNT)
		return 0;
	service = fom_iclass(fx->fom, cls)->name;
	switch (k) {
	case FQ_SYNC_POINTS:
		mom_report_sync_points(st, st->fp[FP_SYNC_POINTS]);
		break;
	case FQ_SYNC_STATUS:
		mom_report_sync_status(st, st->fp[FP_SYNC_STATUS]);
		break;
	case FQ_MODULE_DATA:
		/* the list of HLAfederation's HLAFOMmoduleDesignatorList:
		 * module 0, the MIM, is not in it */
		module_data(st, cls, st->fp[FP_MODULE_DATA], 0,
		    from->handle, service, params, len, 1,
		    fx->n_modules - 1);
		break;
	case FQ_MIM_DATA:
		if (mom_report_text(st, st->fp[FP_MIM_DATA], 0, NULL, 0,
		    "HLAMIMdata", fx->module_xml[0], fx->module_len[0]) < 0)
			mom_exception(st, from->handle, service, 0, "the MIM "
			    "is too large for one frame (--max-frame)");
		break;
	case FQ_SET_SWITCHES:
		rc = param_i32(st, cls, "HLAautoProvide", from->handle,
		    service, params, len, &on);
		if (rc < 0)
			break;
		if (rc == 0 || (on != 0 && on != 1))
			mom_exception(st, from->handle, service, 1,
			    "HLAautoProvide is %s", rc ? "not an HLAswitch" :
			    "missing");
		else if (on)
			mom_exception(st, from->handle, service, 0, "rti has "
			    "no automatic provide: HLAautoProvide stays "
			    "Disabled (rti-mom(7))");
		break;
	}
	return 1;
}

int
mom_adjust_init(struct mom_fx *st)
{
	const struct fom *fom = st->fx->fom;
	char q[160];
	int k;

	for (k = 0; k < FQ_COUNT; k++) {
		snprintf(q, sizeof q, "HLAinteractionRoot.HLAmanager."
		    "HLAfederation.%s", fq_names[k]);
		st->fq[k] = fom_iclass_by_name(fom, q);
		if (st->fq[k] && om_rti_take(st->fx, st->fq[k]) < 0)
			return -1;
	}
	for (k = 0; k < FP_COUNT; k++) {
		snprintf(q, sizeof q, "HLAinteractionRoot.HLAmanager."
		    "HLAfederation.HLAreport.%s", fp_names[k]);
		st->fp[k] = fom_iclass_by_name(fom, q);
	}
	return 0;
}
