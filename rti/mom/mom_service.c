/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mom_service.c - service reporting (IEEE 1516.1-2010 11, rti-mom(7)
 * SERVICE REPORTING): HLAadjust.HLAsetServiceReporting, and one
 * HLAreport.HLAreportServiceInvocation per service a federate with
 * reporting on invokes through a frame to rtiexec.
 *
 * The hook costs one branch per frame while reporting is off: the core
 * tests f->report_services after its busy test (conn_in.c dispatch) and
 * raises service_invoked only when it is set.  The report is built from
 * the frame itself (the service's own request, so no second round trip)
 * and the error the dispatch answered, if any (srv->svc_err).
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "dm.h"
#include "mom_int.h"

#define MAX_ARGS 8
#define ARG_LEN 128

struct args {
	char v[MAX_ARGS][ARG_LEN];
	char *p[MAX_ARGS];
	uint32_t n;
};

static void
arg_add(struct args *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
arg_add(struct args *a, const char *fmt, ...)
{
	va_list ap;

	if (a->n >= MAX_ARGS)
		return;
	va_start(ap, fmt);
	vsnprintf(a->v[a->n], ARG_LEN, fmt, ap);
	va_end(ap);
	a->p[a->n] = a->v[a->n];
	a->n++;
}

/* A logical time or interval of the federation, as its time type. */
static void
arg_time(struct args *a, const struct federation *fx, const char *name,
    uint64_t raw)
{
	double d;

	if (fx->time_int64) {
		arg_add(a, "%s=%" PRId64, name, (int64_t)raw);
		return;
	}
	memcpy(&d, &raw, sizeof d);
	arg_add(a, "%s=%.17g", name, d);
}

/* "name=[h1,h2,...]" of `n` u32 handles read from `rd`. */
static void
arg_handles(struct args *a, struct wire_rd *rd, const char *name, uint32_t n)
{
	char buf[ARG_LEN];
	size_t len;
	uint32_t i;

	len = (size_t)snprintf(buf, sizeof buf, "%s=[", name);
	for (i = 0; i < n && !rd->err; i++) {
		uint32_t h = wire_get_u32(rd);

		if (rd->err)
			break;
		if (len + 16 >= sizeof buf) {
			len += (size_t)snprintf(buf + len, sizeof buf - len,
			    "...");
			break;
		}
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%u",
		    i ? "," : "", h);
	}
	snprintf(buf + len, sizeof buf - len, "]");
	arg_add(a, "%s", buf);
}

/* A string of the frame, "" when it does not decode (rd->err set). */
static const char *
str_of(struct wire_rd *rd)
{
	const char *s = wire_get_str(rd, WIRE_MAX_NAME);

	return s ? s : "";
}

static const char *const advance_kind[] = {
	"timeAdvanceRequest", "timeAdvanceRequest",
	"timeAdvanceRequestAvailable", "nextMessageRequest",
	"nextMessageRequestAvailable", "flushQueueRequest"
};

/*
 * The service name and supplied arguments of frame `type` p[0..n) (its
 * body after the serial of a request): the arguments rti can read back
 * from the frame (handles as numbers, times by the federation's type);
 * a frame that does not decode gives none.
 */
static const char *
describe(struct federation *fx, uint16_t type, const uint8_t *p, uint32_t n,
    struct args *a)
{
	const char *service = mom_service_of(type);
	struct bundle_hdr hdr;
	struct wire_rd rd;
	uint32_t x, cnt;
	uint8_t k;

	wire_rd_init(&rd, p, n);
	switch (type) {
	case WIRE_DM_PUBLISH_OC:
	case WIRE_DM_UNPUBLISH_OC:
	case WIRE_DM_UNSUBSCRIBE_OC:
		arg_add(a, "objectClass=%u", wire_get_u32(&rd));
		cnt = wire_get_u32(&rd);
		if (!rd.err)
			arg_handles(a, &rd, "attributeList", cnt);
		break;
	case WIRE_DM_SUBSCRIBE_OC:
		arg_add(a, "objectClass=%u", wire_get_u32(&rd));
		k = wire_get_u8(&rd);
		cnt = wire_get_u32(&rd);
		if (!rd.err)
			arg_handles(a, &rd, "attributeList", cnt);
		arg_add(a, "active=%s", k ? "true" : "false");
		break;
	case WIRE_DM_PUBLISH_IC:
	case WIRE_DM_UNPUBLISH_IC:
	case WIRE_DM_UNSUBSCRIBE_IC:
		arg_add(a, "interactionClass=%u", wire_get_u32(&rd));
		break;
	case WIRE_DM_SUBSCRIBE_IC:
		arg_add(a, "interactionClass=%u", wire_get_u32(&rd));
		arg_add(a, "active=%s", wire_get_u8(&rd) ? "true" : "false");
		break;
	case WIRE_OM_REGISTER:
	case WIRE_OM_REGISTER_COND:
		arg_add(a, "objectClass=%u", wire_get_u32(&rd));
		break;
	case WIRE_OM_UPDATE:
		if (bundle_hdr_get(&rd, &hdr) < 0)
			break;
		arg_add(a, "objectClass=%u", wire_get_u32(&rd));
		cnt = wire_get_u32(&rd);
		(void)wire_get_u32(&rd);
		x = wire_get_u32(&rd);          /* the first instance */
		if (rd.err)
			break;
		if (cnt == 1)
			arg_add(a, "objectInstance=%u", x);
		else
			arg_add(a, "objectInstances=%u", cnt);
		arg_add(a, "userSuppliedTag=%u octets", hdr.tag_len);
		if (hdr.flags & (WIRE_OMF_TIMESTAMP | WIRE_OMF_USER_TIME))
			arg_time(a, fx, "time", hdr.time);
		break;
	case WIRE_OM_INTERACTION:
		if (bundle_hdr_get(&rd, &hdr) < 0)
			break;
		arg_add(a, "interactionClass=%u", wire_get_u32(&rd));
		cnt = wire_get_u32(&rd);
		if (rd.err)
			break;
		arg_add(a, "parameters=%u", cnt);
		arg_add(a, "userSuppliedTag=%u octets", hdr.tag_len);
		if (hdr.flags & (WIRE_OMF_TIMESTAMP | WIRE_OMF_USER_TIME))
			arg_time(a, fx, "time", hdr.time);
		break;
	case WIRE_OM_DELETE:
		if (bundle_hdr_get(&rd, &hdr) < 0)
			break;
		arg_add(a, "objectInstance=%u", wire_get_u32(&rd));
		if (hdr.flags & (WIRE_OMF_TIMESTAMP | WIRE_OMF_USER_TIME))
			arg_time(a, fx, "time", hdr.time);
		break;
	case WIRE_OM_LOCAL_DELETE:
		arg_add(a, "objectInstance=%u", wire_get_u32(&rd));
		break;
	case WIRE_OM_REQUEST_UPDATE:
	case WIRE_OM_REQUEST_CLASS_UPDATE:
		x = wire_get_u32(&rd);
		(void)wire_get_blob(&rd, &cnt, WIRE_MAX_TAG);
		cnt = wire_get_u32(&rd);
		arg_add(a, "%s=%u", type == WIRE_OM_REQUEST_UPDATE ?
		    "objectInstance" : "objectClass", x);
		if (!rd.err)
			arg_handles(a, &rd, "attributeList", cnt);
		break;
	case WIRE_TM_ENABLE_REGULATION:
	case WIRE_TM_MODIFY_LOOKAHEAD:
		arg_time(a, fx, "lookahead", wire_get_u64(&rd));
		break;
	case WIRE_TM_ADVANCE:
		/* its u32 0 is the serial the core took */
		k = wire_get_u8(&rd);
		if (!rd.err && k >= 1 && k <= 5)
			service = advance_kind[k];
		arg_time(a, fx, "time", wire_get_u64(&rd));
		break;
	case WIRE_SYNC_ACHIEVED:
		arg_add(a, "label=%.100s", str_of(&rd));
		break;
	case WIRE_SYNC_REGISTER:
		arg_add(a, "label=%.100s", str_of(&rd));
		break;
	case WIRE_SAVE_COMPLETE:
		if (!wire_get_u8(&rd) && !rd.err)
			service = "federateSaveNotComplete";
		break;
	case WIRE_RESTORE_COMPLETE:
		if (!wire_get_u8(&rd) && !rd.err)
			service = "federateRestoreNotComplete";
		break;
	case WIRE_SAVE_REQUEST:
		arg_add(a, "label=%.100s", str_of(&rd));
		if (wire_get_u8(&rd))
			arg_time(a, fx, "time", wire_get_u64(&rd));
		break;
	case WIRE_RESTORE_REQUEST:
		arg_add(a, "label=%.100s", str_of(&rd));
		break;
	case WIRE_SET_RESIGN_ACTION:
		arg_add(a, "resignAction=%u", wire_get_u32(&rd));
		break;
	case WIRE_GET_FEDERATE_HANDLE:
		arg_add(a, "federateName=%.100s", str_of(&rd));
		break;
	case WIRE_GET_FEDERATE_NAME:
		arg_add(a, "federateHandle=%u", wire_get_u32(&rd));
		break;
	default:
		break;
	}
	if (rd.err)
		a->n = 0;        /* a frame the handler refused: no guess */
	return service;
}

/* The returned arguments rti reads back from the results of a reply
 * (its first octets: what does not fit gives none). */
static void
returned(struct federation *fx, uint16_t type, const uint8_t *p,
    uint32_t n, struct args *a)
{
	struct wire_rd rd;
	uint8_t def;
	uint64_t t;

	wire_rd_init(&rd, p, n);
	switch (type) {
	case WIRE_OM_REGISTER:
	case WIRE_OM_REGISTER_COND:
		arg_add(a, "objectInstance=%u", wire_get_u32(&rd));
		arg_add(a, "objectInstanceName=%.100s", str_of(&rd));
		break;
	case WIRE_GET_FEDERATE_HANDLE:
		arg_add(a, "federateHandle=%u", wire_get_u32(&rd));
		break;
	case WIRE_GET_FEDERATE_NAME:
		arg_add(a, "federateName=%.100s", str_of(&rd));
		break;
	case WIRE_TM_QUERY_GALT:
	case WIRE_TM_QUERY_LITS:
		def = wire_get_u8(&rd);
		t = wire_get_u64(&rd);
		arg_add(a, "timeIsValid=%s", def ? "true" : "false");
		if (def)
			arg_time(a, fx, "time", t);
		break;
	default:
		break;
	}
	if (rd.err)
		a->n = 0;
}

/* 1 when `f` would get the reports about itself (it subscribes to
 * HLAreportServiceInvocation or a class above it). */
static int
receives_own(struct mom_fx *st, struct federate *f)
{
	const struct dm_sub *subs;
	size_t i, n;

	n = dm_route_interaction(st->fx, st->rp[RP_SERVICE], &subs);
	for (i = 0; i < n; i++)
		if (subs[i].f == f)
			return 1;
	return 0;
}

static void tell_librti(struct mom_fx *st, struct federate *f, int on);

/* May a report about `f` go out?  Not when f would receive it: each
 * would report its own delivery.  Reporting stops for f then (IEEE
 * 1516.1-2010 11: a federate so subscribed is not reported on). */
static int
may_report(struct mom_fx *st, struct federate *f)
{
	if (!receives_own(st, f))
		return 1;
	f->report_services = 0;
	tell_librti(st, f, 0);
	rti_log(st->fx->srv, LOG_WARN, "MOM: service reporting of federate "
	    "%s (%u) stopped: it subscribes to HLAreportServiceInvocation",
	    f->name, f->handle);
	return 0;
}

/* The service_invoked event: `f` invoked the service of frame `type`
 * p[0..n); err/msg what rtiexec answered (RTI_OK: success).  Frames that
 * are no service (mom_service_of gives "") are not reported. */
void
mom_service_invoked(struct federate *f, uint16_t type, const uint8_t *p,
    uint32_t n, int err, const char *msg, const uint8_t *rp, uint32_t rn)
{
	struct mom_fx *st = mom_fxst(f->fx);
	struct args sup, ret;
	const char *service;
	uint32_t cls;
	char exc[320];

	if (!st || !(cls = st->rp[RP_SERVICE]))
		return;
	memset(&sup, 0, sizeof sup);
	memset(&ret, 0, sizeof ret);
	service = describe(f->fx, type, p, n, &sup);
	if (!service[0] || !may_report(st, f))
		return;          /* not a service: heartbeats, statistics */
	if (err != RTI_OK)
		snprintf(exc, sizeof exc, "%s: %s", rti_err_name(err), msg);
	else
		exc[0] = '\0';
	if (err == RTI_OK)
		returned(f->fx, type, rp, rn, &ret);
	mom_report_service(st, f, service, err == RTI_OK, sup.p, sup.n,
	    ret.p, ret.n, exc, ++f->svc_serial);
}

/* WIRE_CB_SERVICE_REPORTING to f's librti (its own buffer: the caller
 * may be building a frame in srv->scratch). */
static void
tell_librti(struct mom_fx *st, struct federate *f, int on)
{
	struct wire_buf b;
	size_t off;

	if (!f->conn)
		return;
	wire_buf_init(&b);
	off = wire_frame_begin(&b, WIRE_CB_SERVICE_REPORTING);
	wire_put_u8(&b, (uint8_t)on);
	wire_frame_end(&b, off);
	if (b.oom)
		rti_log(st->fx->srv, LOG_ERROR, "MOM: out of memory");
	else
		conn_send_buf(f->conn, &b);
	wire_buf_free(&b);
}

void
mom_set_service_reporting(struct mom_fx *st, struct federate *f,
    uint32_t from, const char *service, const uint8_t *params, size_t len)
{
	const uint8_t *v;
	uint32_t vlen;
	int32_t on;

	v = mom_param_find(params, len, fom_param_by_name(st->fx->fom,
	    st->rq[RQ_SET_SERVICES], "HLAreportingState"), &vlen);
	if (!v || mom_dec_i32(v, vlen, &on) < 0 || (on != 0 && on != 1)) {
		mom_exception(st, from, service, 1, "HLAreportingState is %s",
		    v ? "not an HLAboolean" : "missing");
		return;
	}
	/* 1516.1-2010 11: a federate that subscribes to
	 * HLAreportServiceInvocation is not reported on (its reports would
	 * report themselves) */
	if (on && st->rp[RP_SERVICE] && receives_own(st, f)) {
		mom_exception(st, from, service, 0, "federate %u subscribes to "
		    "HLAreportServiceInvocation: service reporting cannot be "
		    "enabled for it", f->handle);
		return;
	}
	if (f->report_services != on)
		tell_librti(st, f, on);
	f->report_services = on;
}

/* WIRE_SERVICE_REPORT: a callback f's librti delivered (svcreport.c).
 * One that comes after reporting was turned off is dropped. */
static int
h_service_report(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	struct mom_fx *st = mom_fxst(f->fx);
	struct mom_svc s;

	(void)serial;
	if (mom_svc_parse(rd->p, wire_rd_left(rd), &s) < 0)
		return -1;
	if (!f->report_services || !st || !st->rp[RP_SERVICE] ||
	    !may_report(st, f))
		return 0;
	mom_report_service(st, f, s.service, s.success, (char *const *)s.args,
	    s.n, NULL, 0, s.exception, ++f->svc_serial);
	return 0;
}

void
mom_ask_librti(struct mom_fx *st, struct federate *f)
{
	struct mom_fed *ms = mom_fedst(f);
	struct wire_buf b;
	size_t off;

	if (!ms || ms->asked || !f->conn)
		return;
	wire_buf_init(&b);
	off = wire_frame_begin(&b, WIRE_CB_MOM_QUERY);
	wire_frame_end(&b, off);
	if (b.oom) {
		rti_log(st->fx->srv, LOG_ERROR, "MOM: out of memory");
	} else {
		conn_send_buf(f->conn, &b);
		ms->asked = 1;
	}
	wire_buf_free(&b);
}

/* HLAreportObjectInstancesUpdated (k 0) or ...Reflected (k 1) of `f`
 * from librti's list `c` (classes checked). */
static void
report_instances(struct mom_fx *st, struct federate *f,
    const struct mom_inst_counts *c, int k)
{
	uint32_t n = st->fx->fom->n_oclasses, i, cls, count;
	uint64_t *counts;

	if (!st->rp[k ? RP_INST_REFLECTED : RP_INST_UPDATED])
		return;
	if (!(counts = calloc((size_t)n + 1, sizeof *counts))) {
		rti_log(st->fx->srv, LOG_ERROR, "MOM: out of memory");
		return;
	}
	for (i = 0; i < c->n; i++) {
		mom_inst_pair(c, i, &cls, &count);
		counts[cls] = count;
	}
	mom_report_counts(st, f, st->rp[k ? RP_INST_REFLECTED :
	    RP_INST_UPDATED], "HLAobjectInstanceCounts", counts, n, 0);
	free(counts);
}

/* WIRE_MOM_STATS: librti's answer to WIRE_CB_MOM_QUERY. */
static int
h_mom_stats(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	struct mom_fed *ms = mom_fedst(f);
	struct mom_stats s;
	uint32_t i, cls, count;
	int k;

	(void)serial;
	if (mom_stats_parse(rd->p, wire_rd_left(rd), &s) < 0)
		return -1;
	for (k = 0; k < 2; k++)
		for (i = 0; i < s.inst[k].n; i++) {
			mom_inst_pair(&s.inst[k], i, &cls, &count);
			if (!fom_oclass(f->fx->fom, cls))
				return -1;
		}
	if (!ms)
		return 0;
	ms->lib = s;
	ms->asked = 0;
	mom_reflect_lib(f);
	for (k = 0; k < 2; k++)
		if (ms->want & (1u << k))
			report_instances(mom_fxst(f->fx), f, &s.inst[k], k);
	ms->want = 0;
	for (k = 0; k < 2; k++) {
		ms->lib.inst[k].pairs = NULL;   /* into the frame */
		ms->lib.inst[k].n = 0;
	}
	return 0;
}

const struct msg_handler mom_handlers[] = {
	{ WIRE_SERVICE_REPORT, MSG_ONE_WAY, 1, h_service_report },
	{ WIRE_MOM_STATS, MSG_ONE_WAY, 1, h_mom_stats },
	{ 0, 0, 0, NULL }
};
