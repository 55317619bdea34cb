/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mom.c - the Management Object Model (IEEE 1516.1-2010 chapter 11): the
 * RTI's HLAmanager.HLAfederation instance of each federation and
 * HLAmanager.HLAfederate instance of each joined federate, their
 * attributes encoded with the MIM's datatypes, and the MOM interactions
 * (requests answered by reports, adjustments, the resign of another
 * federate).  rti-mom(7) lists what is implemented and what is not.
 *
 * The top module: it reads every module below it and gets its events
 * through struct module_ops.  The reports are built in mom_report.c, the
 * encodings in mom_codec.c.  Its instances are OM's RTI instances
 * (om.h): subscribers discover them like any; their values go out on a
 * request for them (rti_provide), at the period HLAsetTiming sets (one
 * libevent timer per federate, off by default), and, for the static
 * attributes and HLAfederatesInFederation, when a federate joins or
 * resigns.  The counts come from struct fed_counts, which OM fills where
 * messages pass (one add each); nothing here runs per update.
 *
 * Encodings (IEEE 1516.2-2010 4.13, rti-mom(7) ENCODINGS): an HLAhandle
 * is the four octets of the handle, big-endian, in an HLAvariableArray
 * of HLAbyte; an HLAlogicalTime or HLAtimeInterval the eight octets of
 * the federation's time (HLAfloat64BE or HLAinteger64BE) so, or none
 * while the time is undefined (GALT, LITS).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "dm.h"
#include "events.h"
#include "fedm.h"
#include "mom_int.h"
#include "restore_chk.h"
#include "tm.h"

#define MOM_VERSION "rti " PACKAGE_VERSION
#define MOM_MAX_PERIOD 86400     /* seconds of HLAsetTiming */

/* The MIM's names of the FA_, XA_, RQ_ and RP_ entries (mom_int.h). */
static const char *const fa_name[FA_COUNT] = {
	"HLAfederateHandle", "HLAfederateName", "HLAfederateType",
	"HLAfederateHost", "HLARTIversion", "HLAFOMmoduleDesignatorList",
	"HLAtimeConstrained", "HLAtimeRegulating", "HLAfederateState",
	"HLAtimeManagerState", "HLAlogicalTime", "HLAlookahead", "HLAGALT",
	"HLALITS", "HLATSOlength", "HLAreflectionsReceived",
	"HLAupdatesSent", "HLAinteractionsReceived", "HLAinteractionsSent",
	"HLAobjectInstancesThatCanBeDeleted", "HLAobjectInstancesRegistered",
	"HLAobjectInstancesDiscovered", "HLAconveyRegionDesignatorSets",
	"HLAconveyProducingFederate", "HLAtimeGrantedTime",
	"HLAtimeAdvancingTime", "HLAROlength", "HLAobjectInstancesDeleted",
	"HLAobjectInstancesRemoved", "HLAasynchronousDelivery",
	"HLAobjectInstancesUpdated", "HLAobjectInstancesReflected"
};

static const char *const xa_name[XA_COUNT] = {
	"HLAfederationName", "HLAfederatesInFederation", "HLARTIversion",
	"HLAMIMdesignator", "HLAFOMmoduleDesignatorList", "HLAcurrentFDD",
	"HLAtimeImplementationName", "HLAlastSaveName", "HLAlastSaveTime",
	"HLAnextSaveName", "HLAnextSaveTime", "HLAautoProvide"
};

static const char *const rq_name[RQ_COUNT] = {
	"HLArequest.HLArequestPublications",
	"HLArequest.HLArequestSubscriptions",
	"HLArequest.HLArequestObjectInstancesThatCanBeDeleted",
	"HLArequest.HLArequestUpdatesSent",
	"HLArequest.HLArequestReflectionsReceived",
	"HLArequest.HLArequestInteractionsSent",
	"HLArequest.HLArequestInteractionsReceived",
	"HLArequest.HLArequestObjectInstanceInformation",
	"HLArequest.HLArequestFOMmoduleData",
	"HLArequest.HLArequestObjectInstancesUpdated",
	"HLArequest.HLArequestObjectInstancesReflected",
	"HLAadjust.HLAsetTiming",
	"HLAadjust.HLAsetExceptionReporting",
	"HLAadjust.HLAsetServiceReporting",
	"HLAadjust.HLAsetSwitches",
	"HLAadjust.HLAmodifyAttributeState",
	"HLAservice.HLAresignFederationExecution"
};

static const char *const rp_name[RP_COUNT] = {
	"HLAreportObjectClassPublication", "HLAreportInteractionPublication",
	"HLAreportObjectClassSubscription",
	"HLAreportInteractionSubscription",
	"HLAreportObjectInstancesThatCanBeDeleted", "HLAreportUpdatesSent",
	"HLAreportReflectionsReceived", "HLAreportInteractionsSent",
	"HLAreportInteractionsReceived", "HLAreportObjectInstanceInformation",
	"HLAreportMOMexception", "HLAreportException", "HLAreportFederateLost",
	"HLAreportServiceInvocation", "HLAreportFOMmoduleData",
	"HLAreportObjectInstancesUpdated", "HLAreportObjectInstancesReflected"
};

static struct mom_fx *
fxst(struct federation *fx)
{
	return mom_fxst(fx);
}

static struct mom_fed *
fedst(struct federate *f)
{
	return mom_fedst(f);
}

/* ---- values of the instances ---- */

static uint64_t
sum(const uint64_t *a, uint32_t n)
{
	uint64_t s = 0;
	uint32_t i;

	for (i = 0; i <= n; i++)
		s += a[i];
	return s;
}

/* Begin value `k` (of st->v) for attribute `attr`. */
static size_t
val_begin(struct mom_fx *st, uint32_t k, uint32_t attr)
{
	st->v[k].attr = attr;
	st->voff[k] = st->vals.len;
	return st->vals.len;
}

/* Point st->v[0..n) into st->vals once every value is encoded. */
static int
val_done(struct mom_fx *st, uint32_t n)
{
	uint32_t k;

	if (st->vals.oom)
		return -1;
	for (k = 0; k < n; k++) {
		size_t end = k + 1 < n ? st->voff[k + 1] : st->vals.len;

		st->v[k].value = st->vals.data + st->voff[k];
		st->v[k].len = (uint32_t)(end - st->voff[k]);
	}
	return 0;
}

/* Peer address of `f` without the port, or "". */
static void
host_of(const struct federate *f, char *out, size_t len)
{
	char *colon;

	snprintf(out, len, "%s", f->conn ? conn_peer(f->conn) : "");
	if (strcmp(out, "unix") == 0) {
		out[0] = '\0';     /* a Unix-domain peer has no address */
	} else if (out[0] == '[') {
		memmove(out, out + 1, strlen(out));
		if ((colon = strstr(out, "]:")))
			*colon = '\0';
	} else if ((colon = strrchr(out, ':'))) {
		*colon = '\0';
	}
}

/* Encode the attributes of f's HLAfederate instance the FOM has into
 * st->v, those rtiexec knows (lib 0) or those of librti's last figures
 * (lib 1, FA_LIB on): their number, or -1 on ENOMEM. */
static int
federate_values(struct mom_fx *st, struct federate *f, int lib)
{
	const struct mom_stats *ls = &fedst(f)->lib;
	struct federation *fx = f->fx;
	struct wire_buf *b = &st->vals;
	struct tm_info ti;
	struct om_instance *in;
	uint32_t a, n = 0, deletable = 0, registered = 0, discovered = 0;
	char host[64];
	size_t s;

	wire_buf_reset(b);
	if (tm_info(f, &ti) < 0)
		return -1;
	for (in = om_first(fx); in; in = om_next(fx, in)) {
		deletable += om_owner(in, 1) == f->handle;
		if (in->registrar == f->handle)
			registered++;
		else if (om_known_class(in, f->handle))
			discovered++;
	}
	for (a = lib ? FA_LIB : 0; a < (lib ? FA_COUNT : FA_LIB); a++) {
		if (!st->fa[a])
			continue;
		s = val_begin(st, n++, st->fa[a]);
		switch (a) {
		case FA_GRANTED_MS:
			wire_put_u32(b, mom_clamp32(ls->granted_ms));
			break;
		case FA_ADVANCING_MS:
			wire_put_u32(b, mom_clamp32(ls->advancing_ms));
			break;
		case FA_RO_LENGTH:
			wire_put_u32(b, mom_clamp32(ls->ro));
			break;
		case FA_INST_DELETED:
			wire_put_u32(b, mom_clamp32(ls->deleted));
			break;
		case FA_INST_REMOVED:
			wire_put_u32(b, mom_clamp32(ls->removed));
			break;
		case FA_ASYNC:
			wire_put_u32(b, ls->async != 0);
			break;
		case FA_INST_UPDATED:
			wire_put_u32(b, mom_clamp32(ls->inst[0].total));
			break;
		case FA_INST_REFLECTED:
			wire_put_u32(b, mom_clamp32(ls->inst[1].total));
			break;
		case FA_HANDLE:
			mom_enc_handle(b, f->handle);
			break;
		case FA_NAME:
			mom_enc_str(b, f->name);
			break;
		case FA_TYPE:
			mom_enc_str(b, f->type ? f->type : "");
			break;
		case FA_HOST:
			host_of(f, host, sizeof host);
			mom_enc_str(b, host);
			break;
		case FA_VERSION:
			mom_enc_str(b, MOM_VERSION);
			break;
		case FA_MODULES:
			/* the modules its join added to the federation's */
			mom_enc_str_list(b, s, f->fx->module_names +
			    f->join_mod_first, f->join_mod_n);
			break;
		case FA_CONSTRAINED:
			wire_put_u32(b, ti.constrained != 0);
			break;
		case FA_REGULATING:
			wire_put_u32(b, ti.regulating != 0);
			break;
		case FA_STATE:
			/* ActiveFederate 1, FederateSaveInProgress 3,
			 * FederateRestoreInProgress 5 (f->busy: FedM's) */
			wire_put_u32(b,
			    f->busy == RTI_ERR_SAVE_IN_PROGRESS ? 3 :
			    f->busy == RTI_ERR_RESTORE_IN_PROGRESS ? 5 : 1);
			break;
		case FA_TMSTATE:
			/* TimeGranted 0, TimeAdvancing 1 */
			wire_put_u32(b, ti.advancing != 0);
			break;
		case FA_TIME:
			mom_enc_time(b, 1, ti.now);
			break;
		case FA_LOOKAHEAD:
			mom_enc_time(b, 1, ti.lookahead);
			break;
		case FA_GALT:
			mom_enc_time(b, ti.has_galt, ti.galt);
			break;
		case FA_LITS:
			mom_enc_time(b, ti.has_lits, ti.lits);
			break;
		case FA_TSOLEN:
			wire_put_u32(b, mom_clamp32(ti.queued));
			break;
		case FA_REFLECTIONS:
			wire_put_u32(b, mom_clamp32(sum(f->cnt.reflections,
			    fx->fom->n_oclasses)));
			break;
		case FA_UPDATES:
			wire_put_u32(b, mom_clamp32(sum(f->cnt.updates,
			    fx->fom->n_oclasses)));
			break;
		case FA_IRECEIVED:
			wire_put_u32(b, mom_clamp32(sum(f->cnt.ic_received,
			    fx->fom->n_iclasses)));
			break;
		case FA_ISENT:
			wire_put_u32(b, mom_clamp32(sum(f->cnt.ic_sent,
			    fx->fom->n_iclasses)));
			break;
		case FA_CAN_DELETE:
			wire_put_u32(b, deletable);
			break;
		case FA_REGISTERED:
			wire_put_u32(b, registered);
			break;
		case FA_DISCOVERED:
			wire_put_u32(b, discovered);
			break;
		case FA_CONVEY_REGIONS:
			wire_put_u32(b, 0);     /* HLAswitch Disabled */
			break;
		case FA_CONVEY_PRODUCER:
			wire_put_u32(b, 1);     /* Enabled */
			break;
		}
	}
	return val_done(st, n) < 0 ? -1 : (int)n;
}

/* HLAcurrentFDD: the federation's merged model written as one document
 * (fom_write_fdd), encoded into b.  Written when asked for, never kept:
 * only a request names it.  0, or -1 when it would not fit in a frame
 * (nothing encoded). */
static int
enc_fdd(struct mom_fx *st, struct wire_buf *b)
{
	struct federation *fx = st->fx;
	struct wire_buf x;
	int rc = 0;

	wire_buf_init(&x);
	if (fom_write_fdd(fx->fom, fx->name, &x) < 0) {
		rti_log(fx->srv, LOG_ERROR, "MOM: out of memory");
		rc = -1;
	} else if (x.len > (server_cfg(fx->srv)->max_frame - 4096) / 2) {
		rti_log(fx->srv, LOG_WARN, "MOM: HLAcurrentFDD of federation "
		    "'%s' (%zu octets) does not fit in a frame (--max-frame "
		    "%u): not sent", fx->name, x.len,
		    server_cfg(fx->srv)->max_frame);
		rc = -1;
	} else {
		mom_enc_strn(b, (const char *)x.data, x.len);
	}
	wire_buf_free(&x);
	return rc;
}

/* Does attrs[0..m) (NULL: every attribute) name `attr`? */
static int
names_attr(const uint32_t *attrs, uint32_t m, uint32_t attr)
{
	uint32_t i;

	if (!attrs)
		return 1;
	for (i = 0; i < m; i++)
		if (attrs[i] == attr)
			return 1;
	return 0;
}

/* The same for the HLAfederation instance; `plus` is joining (not yet
 * among fx->feds), `minus` resigning (still among them); either NULL.
 * HLAcurrentFDD only when `fdd` (a request named it). */
static int
federation_values(struct mom_fx *st, const struct federate *plus,
    const struct federate *minus, int fdd)
{
	struct federation *fx = st->fx;
	struct wire_buf *b = &st->vals;
	struct fedm_saves sv;
	uint32_t a, i, n = 0, cnt;
	size_t s, at;

	wire_buf_reset(b);
	fedm_saves(fx, &sv);
	for (a = 0; a < XA_COUNT; a++) {
		if (!st->xa[a] || (a == XA_FDD && !fdd))
			continue;
		if (a == XA_FDD) {
			s = val_begin(st, n++, st->xa[a]);
			if (enc_fdd(st, b) < 0) {
				b->len = s;     /* left out */
				n--;
			}
			continue;
		}
		s = val_begin(st, n++, st->xa[a]);
		switch (a) {
		case XA_NAME:
			mom_enc_str(b, fx->name);
			break;
		case XA_FEDERATES:
			at = b->len;
			wire_put_u32(b, 0);
			for (i = cnt = 0; i < fx->n_feds; i++)
				if (fx->feds[i] != minus) {
					mom_enc_handle(b, fx->feds[i]->handle);
					cnt++;
				}
			if (plus) {
				mom_enc_handle(b, plus->handle);
				cnt++;
			}
			wire_patch_u32(b, at, cnt);
			break;
		case XA_VERSION:
			mom_enc_str(b, MOM_VERSION);
			break;
		case XA_MIM:
			mom_enc_str(b, FOM_MIM_DESIGNATOR);
			break;
		case XA_MODULES:
			/* module 0 is the MIM (fomload.h) */
			mom_enc_str_list(b, s, fx->module_names + 1,
			    fx->n_modules - 1);
			break;
		case XA_TIME_IMPL:
			mom_enc_str(b, fx->time_int64 ? "HLAinteger64Time" :
			    "HLAfloat64Time");
			break;
		/* no save, or one without a time: "" and no time */
		case XA_LAST_SAVE_NAME:
			mom_enc_str(b, sv.last ? sv.last : "");
			break;
		case XA_LAST_SAVE_TIME:
			mom_enc_time(b, sv.last && sv.last_has_time,
			    sv.last_time);
			break;
		case XA_NEXT_SAVE_NAME:
			mom_enc_str(b, sv.next ? sv.next : "");
			break;
		case XA_NEXT_SAVE_TIME:
			mom_enc_time(b, sv.next != NULL, sv.next_time);
			break;
		case XA_AUTO_PROVIDE:
			wire_put_u32(b, 0);     /* HLAswitch Disabled */
			break;
		}
	}
	return val_done(st, n) < 0 ? -1 : (int)n;
}

/* Keep in st->v[0..n) the values whose attribute is in attrs[0..m) (NULL:
 * keep the dynamic ones, those of attributes not in `fixed`). */
static uint32_t
val_select(struct mom_fx *st, uint32_t n, const uint32_t *attrs, uint32_t m,
    const uint32_t *fixed, uint32_t n_fixed)
{
	uint32_t i, j, k = 0;

	for (i = 0; i < n; i++) {
		int in = 0;

		if (attrs) {
			for (j = 0; j < m && !in; j++)
				in = attrs[j] == st->v[i].attr;
		} else {
			in = 1;
			for (j = 0; j < n_fixed && in; j++)
				in = fixed[j] != st->v[i].attr;
		}
		if (in)
			st->v[k++] = st->v[i];
	}
	return k;
}

/* Send f's values: all (attrs NULL, periodic 0), the dynamic ones
 * (periodic 1) or those in attrs[0..m). */
static void
reflect_federate(struct federate *f, const uint32_t *attrs, uint32_t m,
    int periodic)
{
	struct mom_fx *st = fxst(f->fx);
	struct mom_fed *ms = fedst(f);
	int n;

	if (!ms || !ms->in)
		return;
	if ((n = federate_values(st, f, 0)) < 0) {
		rti_log(f->fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	if (attrs || periodic)
		n = (int)val_select(st, (uint32_t)n, attrs, m, st->fa,
		    periodic ? FA_STATIC : 0);
	om_rti_reflect(f->fx, ms->in, st->v, (uint32_t)n, NULL);
}

void
mom_reflect_lib(struct federate *f)
{
	struct mom_fx *st = fxst(f->fx);
	struct mom_fed *ms = fedst(f);
	int n;

	if (!st || !ms || !ms->in)
		return;
	if ((n = federate_values(st, f, 1)) < 0) {
		rti_log(f->fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	if (n)
		om_rti_reflect(f->fx, ms->in, st->v, (uint32_t)n, NULL);
}

/* Does attrs[0..m) name one of librti's figures? */
static int
asks_lib(const struct mom_fx *st, const uint32_t *attrs, uint32_t m)
{
	uint32_t i, a;

	for (i = 0; i < m; i++)
		for (a = FA_LIB; a < FA_COUNT; a++)
			if (st->fa[a] && st->fa[a] == attrs[i])
				return 1;
	return 0;
}

static void
reflect_federation(struct mom_fx *st, const struct federate *plus,
    const struct federate *minus, const uint32_t *attrs, uint32_t m)
{
	int n;

	if (!st->fx_in)
		return;
	if ((n = federation_values(st, plus, minus,
	    names_attr(attrs, m, st->xa[XA_FDD]))) < 0) {
		rti_log(st->fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	if (attrs)
		n = (int)val_select(st, (uint32_t)n, attrs, m, NULL, 0);
	om_rti_reflect(st->fx, st->fx_in, st->v, (uint32_t)n, NULL);
}

/* ---- adjustments and services ---- */

static void
timer_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	reflect_federate(arg, NULL, 0, 1);
	mom_ask_librti(fxst(((struct federate *)arg)->fx), arg);
}

static void
set_timing(struct mom_fx *st, struct federate *f, uint32_t from,
    const char *service, const uint8_t *params, size_t len)
{
	struct mom_fed *ms = fedst(f);
	struct timeval tv;
	const uint8_t *v;
	uint32_t vlen;
	int32_t s;

	v = mom_param_find(params, len, fom_param_by_name(st->fx->fom,
	    st->rq[RQ_SET_TIMING], "HLAreportPeriod"), &vlen);
	if (!v || mom_dec_i32(v, vlen, &s) < 0 || s < 0 ||
	    s > MOM_MAX_PERIOD) {
		mom_exception(st, from, service, 1, "HLAreportPeriod is %s",
		    !v ? "missing" : vlen != 4 ? "not an HLAseconds" :
		    "out of range (0 to 86400 s)");
		return;
	}
	if (ms->timer)
		event_del(ms->timer);
	ms->period = (uint32_t)s;
	if (!s)
		return;
	if (!ms->timer && !(ms->timer = event_new(server_base(st->fx->srv), -1,
	    EV_PERSIST, timer_cb, f))) {
		rti_log(st->fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	tv.tv_sec = s;
	tv.tv_usec = 0;
	event_add(ms->timer, &tv);
}

static void
set_exceptions(struct mom_fx *st, struct federate *f, uint32_t from,
    const char *service, const uint8_t *params, size_t len)
{
	const uint8_t *v;
	uint32_t vlen;
	int32_t on;

	v = mom_param_find(params, len, fom_param_by_name(st->fx->fom,
	    st->rq[RQ_SET_EXCEPTIONS], "HLAreportingState"), &vlen);
	if (!v || mom_dec_i32(v, vlen, &on) < 0 || (on != 0 && on != 1)) {
		mom_exception(st, from, service, 1, "HLAreportingState is %s",
		    v ? "not an HLAboolean" : "missing");
		return;
	}
	f->report_exceptions = on;
}

/* The federate_exception event: queued for exc_cb. */
static void
mom_federate_exception(struct federate *f, uint16_t type, int err,
    const char *msg)
{
	struct mom_fx *st = fxst(f->fx);
	struct mom_exc *e;

	if (!st || !st->rp[RP_EXCEPTION])
		return;
	if (st->n_exc >= MOM_MAX_PENDING || !(e = calloc(1, sizeof *e))) {
		st->exc_dropped++;
		return;
	}
	e->fed = f->handle;
	e->type = type;
	e->err = err;
	snprintf(e->msg, sizeof e->msg, "%s", msg);
	*st->exc_tail = e;
	st->exc_tail = &e->next;
	st->n_exc++;
	event_active(st->exc_ev, EV_TIMEOUT, 0);
}

static void
exc_cb(evutil_socket_t fd, short what, void *arg)
{
	struct mom_fx *st = arg;
	struct mom_exc *e;
	char text[320];

	(void)fd;
	(void)what;
	while ((e = st->exc)) {
		st->exc = e->next;
		st->n_exc--;
		snprintf(text, sizeof text, "%s: %s", rti_err_name(e->err),
		    e->msg);
		mom_report_exception(st, e->fed, e->type, text);
		free(e);
	}
	st->exc_tail = &st->exc;
	if (st->exc_dropped) {
		rti_log(st->fx->srv, LOG_WARN, "MOM: %llu exception reports "
		    "dropped (more than %u pending)",
		    (unsigned long long)st->exc_dropped, MOM_MAX_PENDING);
		st->exc_dropped = 0;
	}
}

/* Tell the federate of `c` why its connection is about to close, and who
 * asked (`by`, a federate of its federation, or 0 when it is gone): its
 * librti makes this the reason of connection_lost. */
static void
evict_notice(struct conn *c, struct federation *fx, uint32_t by)
{
	struct federate *who = by ? server_federate(fx, by) : NULL;
	char msg[WIRE_MAX_NAME * 2 + 256];
	struct wire_buf *b;
	size_t off;

	snprintf(msg, sizeof msg, "resigned from federation '%.400s' by "
	    "HLAresignFederationExecution (MOM), asked by federate "
	    "'%.400s' (handle %u)", fx->name, who ? who->name : "?", by);
	b = srv_frame(conn_srv(c), WIRE_NOTICE, &off);
	wire_put_u32(b, RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	wire_put_str(b, msg);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

static void
evict_cb(evutil_socket_t fd, short what, void *arg)
{
	struct mom_fx *st = arg;
	struct mom_evict *e;
	const char *service = rq_name[RQ_RESIGN] + sizeof "HLAservice";
	char msg[256];
	int m, err;

	(void)fd;
	(void)what;
	while ((e = st->evicts)) {
		struct federate *f = server_federate(st->fx, e->target);
		struct conn *c;

		st->evicts = e->next;
		for (m = 0, err = RTI_OK; f && m < MOD_COUNT && !err; m++) {
			if (!server_modules[m]->federate_can_resign)
				continue;
			msg[0] = '\0';
			err = server_modules[m]->federate_can_resign(f,
			    e->action, msg, sizeof msg);
		}
		if (!f) {
			/* resigned meanwhile: nothing left to do */
		} else if (err != RTI_OK) {
			mom_exception(st, e->by, service, 0, "federate %u "
			    "cannot resign: %s", e->target, msg[0] ? msg :
			    rti_err_name(err));
		} else {
			rti_log(st->fx->srv, LOG_WARN, "federation %s: "
			    "federate %s (%u) resigned by federate %u "
			    "(HLAresignFederationExecution)", st->fx->name,
			    f->name, f->handle, e->by);
			if ((c = f->conn))
				evict_notice(c, st->fx, e->by);
			snprintf(msg, sizeof msg, "by federate %u "
			    "(HLAresignFederationExecution)", e->by);
			events_leaving(f, EV_WHY_EVICTED, msg);
			server_resign(f, e->action);
			if (c)
				conn_close(c, "resigned through the MOM");
		}
		free(e);
	}
}

/*
 * HLAresignFederationExecution of `f`, asked by `from`.  When rtiexec has
 * an auth key every connection proved it in its HELLO, so any joined
 * federate may evict another; without a key anyone may join, and anyone
 * may evict (rti-mom(7) SECURITY).
 */
static void
resign_other(struct mom_fx *st, struct federate *f, uint32_t from,
    const char *service, const uint8_t *params, size_t len)
{
	struct mom_evict *e;
	const uint8_t *v;
	uint32_t vlen;
	int32_t a;

	v = mom_param_find(params, len, fom_param_by_name(st->fx->fom,
	    st->rq[RQ_RESIGN], "HLAresignAction"), &vlen);
	if (!v || mom_dec_i32(v, vlen, &a) < 0 || a < 1 ||
	    a > RTI_RESIGN_NO_ACTION + 1) {
		mom_exception(st, from, service, 1, "HLAresignAction is %s",
		    !v ? "missing" : vlen != 4 ? "not an HLAresignAction" :
		    "not a defined resign action");
		return;
	}
	if (!(e = calloc(1, sizeof *e))) {
		rti_log(st->fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	e->target = f->handle;
	e->by = from;
	e->action = a - 1;        /* DivestOwnership (1) .. NoAction (6) */
	e->next = st->evicts;
	st->evicts = e;
	event_active(st->evict_ev, EV_TIMEOUT, 0);
}

/* The rti_interaction event: a MOM interaction that `from` sent. */
static void
mom_rti_interaction(struct federate *from, uint32_t cls,
    const uint8_t *params, size_t len)
{
	struct federation *fx = from->fx;
	struct mom_fx *st = fxst(fx);
	const struct fom_iclass *ic = fom_iclass(fx->fom, cls);
	const char *service = ic->name;
	struct federate *f;
	const uint8_t *v;
	uint32_t vlen, h, k;

	if (mom_federation_interaction(st, from, cls, params, len))
		return;
	for (k = 0; k < RQ_COUNT && st->rq[k] != cls; k++)
		;
	v = mom_param_find(params, len, st->p_federate, &vlen);
	if (!v || mom_dec_handle(v, vlen, &h) < 0) {
		mom_exception(st, from->handle, service, 1,
		    "HLAfederate is %s", v ? "not an HLAhandle" : "missing");
		return;
	}
	if (!(f = server_federate(fx, h)) || !fedst(f)) {
		mom_exception(st, from->handle, service, 0,
		    "federate handle %u is not known", h);
		return;
	}
	switch (k) {
	case RQ_PUBLICATIONS:
		mom_report_publications(st, f);
		break;
	case RQ_SUBSCRIPTIONS:
		mom_report_subscriptions(st, f);
		break;
	case RQ_CAN_DELETE:
		mom_report_can_delete(st, f);
		break;
	case RQ_UPDATES:
		mom_report_counts(st, f, st->rp[RP_UPDATES], "HLAupdateCounts",
		    f->cnt.updates, fx->fom->n_oclasses, 1);
		break;
	case RQ_REFLECTIONS:
		mom_report_counts(st, f, st->rp[RP_REFLECTIONS],
		    "HLAreflectCounts", f->cnt.reflections,
		    fx->fom->n_oclasses, 1);
		break;
	case RQ_ISENT:
		mom_report_counts(st, f, st->rp[RP_ISENT],
		    "HLAinteractionCounts", f->cnt.ic_sent,
		    fx->fom->n_iclasses, 1);
		break;
	case RQ_IRECEIVED:
		mom_report_counts(st, f, st->rp[RP_IRECEIVED],
		    "HLAinteractionCounts", f->cnt.ic_received,
		    fx->fom->n_iclasses, 1);
		break;
	case RQ_INSTANCE_INFO:
		mom_report_instance(st, f, from->handle, service, params, len);
		break;
	case RQ_SET_TIMING:
		set_timing(st, f, from->handle, service, params, len);
		break;
	case RQ_SET_EXCEPTIONS:
		set_exceptions(st, f, from->handle, service, params, len);
		break;
	case RQ_MODULE_DATA:
		mom_module_data(st, f, from->handle, service, params, len);
		break;
	case RQ_INST_UPDATED:
	case RQ_INST_REFLECTED:
		/* librti knows them: reported when its answer comes */
		fedst(f)->want |= 1u << (k == RQ_INST_REFLECTED);
		mom_ask_librti(st, f);
		break;
	case RQ_SET_SWITCHES:
		mom_set_switches(st, f, from->handle, service, params, len);
		break;
	case RQ_SET_SERVICES:
		mom_set_service_reporting(st, f, from->handle, service, params,
		    len);
		break;
	case RQ_RESIGN:
		resign_other(st, f, from->handle, service, params, len);
		break;
	default:
		mom_refused(st, from->handle, service, ic, (int)k);
		break;
	}
}

/* The rti_provide event: a federate asked for values of a MOM
 * instance. */
static void
mom_rti_provide(struct federation *fx, uint32_t obj, const uint32_t *attrs,
    uint32_t n, uint32_t req)
{
	struct mom_fx *st = fxst(fx);
	uint32_t i;

	(void)req;
	if (!st)
		return;
	if (st->fx_in && st->fx_in->handle == obj) {
		reflect_federation(st, NULL, NULL, attrs, n);
		return;
	}
	for (i = 0; i < fx->n_feds; i++) {
		struct mom_fed *ms = fedst(fx->feds[i]);

		if (ms && ms->in && ms->in->handle == obj) {
			reflect_federate(fx->feds[i], attrs, n, 0);
			if (asks_lib(st, attrs, n))
				mom_ask_librti(st, fx->feds[i]);
			return;
		}
	}
}

/* ---- module hooks ---- */

/* Take every interaction class below `cls` (the MOM's requests,
 * adjustments and services), so that those rti does not carry out are
 * answered with HLAreportMOMexception. */
static int
take_below(struct federation *fx, uint32_t cls)
{
	const struct fom_iclass *ic = fom_iclass(fx->fom, cls);
	uint32_t i;

	if (!ic)
		return 0;
	if (ic->n_children == 0)
		return om_rti_take(fx, cls);
	for (i = 0; i < ic->n_children; i++)
		if (take_below(fx, ic->children[i]) < 0)
			return -1;
	return 0;
}

static void mom_federation_fini(struct federation *fx);

static int
mom_federation_init(struct federation *fx)
{
	static const char *const taken[] = { "HLArequest", "HLAadjust",
	    "HLAservice" };
	const struct fom *fom = fx->fom;
	struct mom_fx *st;
	char q[160];
	uint32_t k;

	if (!(st = calloc(1, sizeof *st)))
		return -1;
	fx->mod[MOD_MOM] = st;
	st->fx = fx;
	wire_buf_init(&st->vals);
	wire_buf_init(&st->par);
	st->exc_tail = &st->exc;
	if (!(st->evict_ev = event_new(server_base(fx->srv), -1, 0, evict_cb,
	    st)) ||
	    !(st->exc_ev = event_new(server_base(fx->srv), -1, 0, exc_cb, st)))
		return -1;
	st->fed_cls = fom_oclass_by_name(fom,
	    "HLAobjectRoot.HLAmanager.HLAfederate");
	st->fx_cls = fom_oclass_by_name(fom,
	    "HLAobjectRoot.HLAmanager.HLAfederation");
	st->mgr_ic = fom_iclass_by_name(fom,
	    "HLAinteractionRoot.HLAmanager.HLAfederate");
	if (!st->fed_cls || !st->fx_cls || !st->mgr_ic)
		return 0;             /* no MIM: no MOM */
	for (k = 0; k < FA_COUNT; k++)
		st->fa[k] = fom_attr_by_name(fom, st->fed_cls, fa_name[k]);
	for (k = 0; k < XA_COUNT; k++)
		st->xa[k] = fom_attr_by_name(fom, st->fx_cls, xa_name[k]);
	st->p_federate = fom_param_by_name(fom, st->mgr_ic, "HLAfederate");
	for (k = 0; k < RQ_COUNT; k++) {
		snprintf(q, sizeof q, "HLAinteractionRoot.HLAmanager."
		    "HLAfederate.%s", rq_name[k]);
		st->rq[k] = fom_iclass_by_name(fom, q);
	}
	for (k = 0; k < RP_COUNT; k++) {
		snprintf(q, sizeof q, "HLAinteractionRoot.HLAmanager."
		    "HLAfederate.HLAreport.%s", rp_name[k]);
		st->rp[k] = fom_iclass_by_name(fom, q);
	}
	for (k = 0; k < sizeof taken / sizeof taken[0]; k++) {
		snprintf(q, sizeof q, "HLAinteractionRoot.HLAmanager."
		    "HLAfederate.%s", taken[k]);
		if (take_below(fx, fom_iclass_by_name(fom, q)) < 0)
			return -1;
	}
	if (mom_adjust_init(st) < 0 ||
	    !(st->fx_in = om_rti_register(fx, st->fx_cls)))
		return -1;
	return 0;
}

static void
mom_federation_fini(struct federation *fx)
{
	struct mom_fx *st = fxst(fx);
	struct mom_evict *e;
	struct mom_exc *x;

	if (!st)
		return;
	while ((e = st->evicts)) {
		st->evicts = e->next;
		free(e);
	}
	while ((x = st->exc)) {
		st->exc = x->next;
		free(x);
	}
	if (st->evict_ev)
		event_free(st->evict_ev);
	if (st->exc_ev)
		event_free(st->exc_ev);
	wire_buf_free(&st->vals);
	wire_buf_free(&st->par);
	free(st);
	fx->mod[MOD_MOM] = NULL;
}

/* The arrays of f->cnt, in the order they lie in ms->counts; the first
 * CNT_OBJ are by object class, the others by interaction class. */
enum { CNT_N = 8, CNT_OBJ = 4 };

static uint64_t **
counts_slot(struct fed_counts *k, int i)
{
	uint64_t **a[CNT_N] = { &k->updates, &k->reflections, &k->upd_bytes,
	    &k->refl_bytes, &k->ic_sent, &k->ic_received, &k->ic_sent_bytes,
	    &k->ic_recv_bytes };

	return a[i];
}

/* Point f->cnt into ms->counts laid out for `noc` object and `nic`
 * interaction entries (each array after the one before). */
static void
counts_point(struct federate *f, struct mom_fed *ms, size_t noc, size_t nic)
{
	uint64_t *p = ms->counts;
	int i;

	ms->noc = noc;
	ms->nic = nic;
	for (i = 0; i < CNT_N; i++) {
		*counts_slot(&f->cnt, i) = p;
		p += i < CNT_OBJ ? noc : nic;
	}
}

/*
 * The fom_grown event: every federate's counters laid out for the
 * federation's class counts, the counts so far kept.  Growing takes a new
 * block; setting back (FedM's undo, smaller counts) moves the arrays down
 * in the block they have, in order, each to where no array still to move
 * begins, so it cannot fail.
 */
static int
mom_fom_grown(struct federation *fx, const struct fom_sizes *was)
{
	size_t noc = fx->fom->n_oclasses + 1, nic = fx->fom->n_iclasses + 1;
	uint32_t i;
	int j;

	(void)was;
	for (i = 0; i < fx->n_feds; i++) {
		struct federate *f = fx->feds[i];
		struct mom_fed *ms = f->mod[MOD_MOM];
		uint64_t *c, *p;
		size_t on, in;

		if (!ms || (ms->noc == noc && ms->nic == nic))
			continue;
		on = ms->noc < noc ? ms->noc : noc;
		in = ms->nic < nic ? ms->nic : nic;
		if (noc <= ms->noc && nic <= ms->nic) {
			c = ms->counts;
		} else if (!(c = calloc(CNT_OBJ * (noc + nic), sizeof *c))) {
			return -1;
		}
		for (j = 0, p = c; j < CNT_N; j++) {
			memmove(p, *counts_slot(&f->cnt, j), (j < CNT_OBJ ?
			    on : in) * sizeof *c);
			p += j < CNT_OBJ ? noc : nic;
		}
		if (c != ms->counts)
			free(ms->counts);
		ms->counts = c;
		counts_point(f, ms, noc, nic);
	}
	return 0;
}

static int
mom_federate_join(struct federate *f)
{
	struct federation *fx = f->fx;
	struct mom_fx *st = fxst(fx);
	struct mom_fed *ms;
	size_t noc = fx->fom->n_oclasses + 1, nic = fx->fom->n_iclasses + 1;

	if (!(ms = calloc(1, sizeof *ms)) ||
	    !(ms->counts = calloc(CNT_OBJ * (noc + nic),
	    sizeof *ms->counts))) {
		free(ms);
		return -1;
	}
	f->mod[MOD_MOM] = ms;
	counts_point(f, ms, noc, nic);
	if (!st->fed_cls)
		return 0;
	if (!(ms->in = om_rti_register(fx, st->fed_cls))) {
		free(ms->counts);
		free(ms);
		memset(&f->cnt, 0, sizeof f->cnt);
		f->mod[MOD_MOM] = NULL;
		return -1;
	}
	reflect_federate(f, NULL, 0, 0);
	reflect_federation(st, f, NULL, &st->xa[XA_FEDERATES], 1);
	return 0;
}

static void
mom_federate_resign(struct federate *f, int action)
{
	struct mom_fx *st = fxst(f->fx);
	struct mom_fed *ms = fedst(f);

	(void)action;
	if (!ms)
		return;
	if (f->lost)
		mom_report_lost(st, f, f->lost);
	if (ms->timer) {
		event_free(ms->timer);
		ms->timer = NULL;
	}
	if (ms->in) {
		om_rti_delete(f->fx, ms->in);
		ms->in = NULL;
	}
	reflect_federation(st, NULL, f, &st->xa[XA_FEDERATES], 1);
}

static void
mom_federate_fini(struct federate *f)
{
	struct mom_fed *ms = fedst(f);

	f->report_exceptions = 0;
	f->report_services = 0;
	if (!ms)
		return;
	if (ms->timer)
		event_free(ms->timer);
	free(ms->counts);
	free(ms);
	memset(&f->cnt, 0, sizeof f->cnt);
	f->mod[MOD_MOM] = NULL;
}

/* The saves_changed event: HLAfederation's save attributes to those
 * that know the instance. */
static void
mom_saves_changed(struct federation *fx)
{
	struct mom_fx *st = fxst(fx);

	if (st)
		reflect_federation(st, NULL, NULL, &st->xa[XA_LAST_SAVE_NAME],
		    4);
}

/* ---- save and restore (rti-save(5), "MOM section") ----
 *
 * MOM's instances are OM's (saved in its section, with WIRE_OWNER_RTI as
 * owner); MOM saves which is the HLAfederation instance and which
 * HLAfederate instance describes which federate.  After a restore each
 * joined federate carries its saved handle and name, so that the saved
 * instance describes it.  HLAsetTiming's periodic reports are not kept:
 * they stop at a restore, as the federates that asked for them are the
 * restored ones.
 *
 * Layout, version 1: u16 version, u32 HLAfederation instance (0 =
 * none), u32 n, n x (u32 federate, u32 its HLAfederate instance).
 */
#define MOM_SAVE_VERSION 1

struct mom_staged {
	uint32_t fx_in;
	uint32_t n;
	uint32_t v[][2];          /* federate, instance */
};

static int
mom_save_state(struct federation *fx, struct wire_buf *out)
{
	struct mom_fx *st = fxst(fx);
	size_t cnt;
	uint32_t i, n = 0;

	wire_put_u16(out, MOM_SAVE_VERSION);
	wire_put_u32(out, st->fx_in ? st->fx_in->handle : 0);
	cnt = out->len;
	wire_put_u32(out, 0);
	for (i = 0; i < fx->n_feds; i++) {
		struct mom_fed *ms = fedst(fx->feds[i]);

		if (!ms || !ms->in)
			continue;
		wire_put_u32(out, fx->feds[i]->handle);
		wire_put_u32(out, ms->in->handle);
		n++;
	}
	wire_patch_u32(out, cnt, n);
	return out->oom ? -1 : 0;
}

static void
mom_restore_discard(void *staged)
{
	free(staged);
}

static int
mom_restore_stage(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, void **staged, char *msg, size_t len)
{
	struct mom_staged *s;
	uint32_t fxh, n, i, j;

	(void)fx;
	*staged = NULL;
	if (wire_rd_left(rd) == 0) {
		/* no section: the empty state */
		if (!(*staged = calloc(1, sizeof *s))) {
			snprintf(msg, len, "out of memory staging the MOM "
			    "state");
			return RTI_ERR_NO_MEMORY;
		}
		return RTI_OK;
	}
	if (wire_get_u16(rd) != MOM_SAVE_VERSION) {
		if (rd->err)
			return restore_damaged(msg, len, "MOM",
			    "it is truncated");
		snprintf(msg, len, "the MOM section of the save has a version "
		    "this rtiexec does not read");
		return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	}
	fxh = wire_get_u32(rd);
	n = wire_get_count(rd, 8);
	if (rd->err)
		return restore_damaged(msg, len, "MOM", "it is truncated");
	if (n > saved->n)
		return restore_damaged(msg, len, "MOM",
		    "it describes more federates than were saved");
	if (!(s = calloc(1, sizeof *s + (size_t)n * sizeof s->v[0]))) {
		snprintf(msg, len, "out of memory staging the MOM state");
		return RTI_ERR_NO_MEMORY;
	}
	s->fx_in = fxh;
	s->n = n;
	for (i = 0; i < n; i++) {
		s->v[i][0] = wire_get_u32(rd);
		s->v[i][1] = wire_get_u32(rd);
		if (rd->err)
			break;
		for (j = 0; j < i; j++)
			if (s->v[j][0] == s->v[i][0])
				break;
		if (j < i || !restore_fed_ok(saved, s->v[i][0]) ||
		    !s->v[i][1]) {
			free(s);
			return restore_damaged(msg, len, "MOM", "a federate "
			    "is not a saved one, is given twice, or has no "
			    "instance");
		}
	}
	if (!wire_rd_done(rd)) {
		free(s);
		return restore_damaged(msg, len, "MOM", rd->err ?
		    "it is truncated" : "it has bytes past its end");
	}
	*staged = s;
	return RTI_OK;
}

/* OM applied first: the instances are the restored ones; MOM's pointers
 * into the replaced ones are set again (by handle) before anything can
 * use them. */
static void
mom_restore_apply(struct federation *fx, void *staged)
{
	struct mom_fx *st = fxst(fx);
	struct mom_staged *s = staged;
	uint32_t i, j;

	st->fx_in = s->fx_in ? om_find(fx, s->fx_in) : NULL;
	for (i = 0; i < fx->n_feds; i++) {
		struct federate *f = fx->feds[i];
		struct mom_fed *ms = fedst(f);

		if (!ms)
			continue;
		if (ms->timer) {
			event_free(ms->timer);
			ms->timer = NULL;
		}
		ms->period = 0;
		ms->in = NULL;
		for (j = 0; j < s->n; j++)
			if (s->v[j][0] == f->handle)
				ms->in = om_find(fx, s->v[j][1]);
	}
	if ((st->fx_cls && !st->fx_in) || (st->fed_cls && s->n < fx->n_feds))
		rti_log(fx->srv, LOG_WARN, "MOM: the restored save lacks some "
		    "of its HLAfederation or HLAfederate instances");
	free(s);
}

const struct module_ops mom_module = {
	.name = "MOM",
	.handlers = mom_handlers,
	.federation_init = mom_federation_init,
	.federation_fini = mom_federation_fini,
	.save_state = mom_save_state,
	.restore_stage = mom_restore_stage,
	.restore_apply = mom_restore_apply,
	.restore_discard = mom_restore_discard,
	.federate_join = mom_federate_join,
	.federate_resign = mom_federate_resign,
	.federate_fini = mom_federate_fini,
	.rti_interaction = mom_rti_interaction,
	.rti_provide = mom_rti_provide,
	.federate_exception = mom_federate_exception,
	.service_invoked = mom_service_invoked,
	.saves_changed = mom_saves_changed,
	.fom_grown = mom_fom_grown,
};
