/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_mom.c - the Management Object Model (rti-mom(7)) against a real
 * rtiexec.  A monitor federate written only against the MIM's names (the
 * classes, attributes, interactions and parameters of HLAstandardMIM,
 * looked up by name; every value decoded with rti_decode_*_json by the
 * MIM's datatypes) subscribes HLAmanager.HLAfederate and
 * HLAmanager.HLAfederation, sees federates join (discover and values),
 * step (time state after HLAsetTiming) and resign (remove), asks for the
 * reports and gets the right counts, and evicts a federate.  Bad MOM
 * interactions are answered with HLAreportMOMexception.  And the MIM is
 * in every federation, with the same handles in every federate.
 *
 * Longer than the project's 1200 lines: one Check file per module, as the
 * project keeps them; the MOM is one module (rti/mom) and every case
 * shares the monitor (its MIM handles, its decoders by datatype, its
 * recorder of reports), which a split would have to export.  Where it
 * would be cut: the requests and reports, the adjustments, and service
 * reporting, each a file over one shared monitor.
 */
#include "config.h"

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "corpus.h"
#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")
#define FED "HLAobjectRoot.HLAmanager.HLAfederate"
#define FEDN "HLAobjectRoot.HLAmanager.HLAfederation"
#define MGR "HLAinteractionRoot.HLAmanager.HLAfederate."

static struct rtiexec rx;

static void
setup(void)
{
	ck_assert_int_eq(rtiexec_start(&rx, NULL), 0);
}

static void
teardown(void)
{
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}

/* ---- the monitor's callbacks: values as JSON ---- */

static void
cb_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name,
    rti_federate_handle producer)
{
	struct tfed *t = arg;

	(void)name;
	(void)producer;
	tfed_event(t, "discover:%s:%llu", tfed_cls_name(t, cls),
	    (unsigned long long)obj.id);
}

/* "value:OBJ:Attr=JSON" per attribute, then "reflect:OBJ". */
static void
cb_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	rti_object_class_handle cls;
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	ck_assert_int_eq(rti_get_known_object_class_handle(t->amb, obj, &cls),
	    RTI_OK);
	for (i = 0; i < n; i++) {
		const char *name = "?";
		char *json = NULL;

		ck_assert_int_eq(rti_get_attribute_name(t->amb, cls,
		    v[i].attribute, &name), RTI_OK);
		ck_assert_int_eq(rti_decode_attribute_json(t->amb,
		    v[i].attribute, v[i].value, v[i].length, &json), RTI_OK);
		tfed_event(t, "value:%llu:%s=%s", (unsigned long long)obj.id,
		    name, json);
		rti_free(json);
	}
	tfed_event(t, "reflect:%llu", (unsigned long long)obj.id);
}

/* "param:Class:Param=JSON" per parameter, then "report:Class". */
static void
cb_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	const char *cn = tfed_icls_name(t, cls);
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	for (i = 0; i < n; i++) {
		const char *name = "?";
		char *json = NULL;

		ck_assert_int_eq(rti_get_parameter_name(t->amb, cls,
		    v[i].parameter, &name), RTI_OK);
		ck_assert_int_eq(rti_decode_parameter_json(t->amb,
		    v[i].parameter, v[i].value, v[i].length, &json), RTI_OK);
		tfed_event(t, "param:%s:%s=%s", cn, name, json);
		rti_free(json);
	}
	tfed_event(t, "report:%s", cn);
}

static void
cb_remove(void *arg, rti_object_instance_handle obj, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)tag;
	(void)tag_len;
	(void)info;
	tfed_event(arg, "remove:%llu", (unsigned long long)obj.id);
}

static void
cb_regulation(void *arg, rti_time t)
{
	(void)t;
	tfed_event(arg, "regulation:");
}

static void
cb_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g", t.f64);
}

static void
monitor_callbacks(struct rti_callbacks *cb)
{
	tfed_callbacks(cb);
	cb->discover_object_instance = cb_discover;
	cb->reflect_attribute_values = cb_reflect;
	cb->receive_interaction = cb_interaction;
	cb->remove_object_instance = cb_remove;
}

/* The text after '=' of the last event starting with `prefix`, or
 * NULL. */
static const char *
last(struct tfed *t, const char *prefix)
{
	size_t i, n = strlen(prefix);

	for (i = t->n_events; i-- > 0;)
		if (strncmp(t->events[i], prefix, n) == 0)
			return t->events[i] + n;
	return NULL;
}

static void
expect(struct tfed *t, const char *prefix, const char *want)
{
	const char *got = last(t, prefix);

	if (!got || strcmp(got, want) != 0) {
		tfed_dump(t, "monitor");
		ck_abort_msg("%s: got %s, want %s", prefix, got ? got : "none",
		    want);
	}
}

/* The JSON of an HLAhandle (base64 of the four octets) of `h`. */
static const char *
hjson(uint64_t h, char *buf)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned char o[4] = { (unsigned char)(h >> 24),
	    (unsigned char)(h >> 16), (unsigned char)(h >> 8),
	    (unsigned char)h };

	buf[0] = '"';
	buf[1] = b64[o[0] >> 2];
	buf[2] = b64[((o[0] & 3) << 4) | (o[1] >> 4)];
	buf[3] = b64[((o[1] & 15) << 2) | (o[2] >> 6)];
	buf[4] = b64[o[2] & 63];
	buf[5] = b64[o[3] >> 2];
	buf[6] = b64[(o[3] & 3) << 4];
	memcpy(buf + 7, "==\"", 4);
	return buf;
}

/* The attributes of MIM class `cls` but HLAprivilegeToDeleteObject into
 * a[0..64): their number. */
static size_t
mim_attrs(struct tfed *m, rti_object_class_handle oc, rti_attribute_handle *a)
{
	size_t i, n;

	for (i = 1, n = 0; i < 1000 && n < 64; i++) {
		const char *name;
		rti_attribute_handle h = { i };

		if (rti_get_attribute_name(m->amb, oc, h, &name) == RTI_OK &&
		    strcmp(name, "HLAprivilegeToDeleteObject") != 0)
			a[n++] = h;
	}
	return n;
}

/* Request the values of every attribute of the instances of `cls`. */
static void
request_values(struct tfed *m, const char *cls)
{
	rti_object_class_handle oc = tfed_oc(m, cls);
	rti_attribute_handle a[64];
	size_t n = mim_attrs(m, oc, a);

	ck_assert_int_eq(rti_request_class_attribute_value_update(m->amb, oc,
	    a, n, NULL, 0), RTI_OK);
}

/* The monitor: joined to F (from Grid.xml), subscribed to every
 * attribute of HLAfederate and HLAfederation and to the reports. */
static struct tfed *
monitor(void)
{
	struct rti_callbacks cb;
	struct tfed *m;
	rti_object_class_handle oc;
	rti_attribute_handle a[64];
	rti_interaction_class_handle ic;
	const char *const cls[] = { FED, FEDN };
	const char *const reports[] = { "HLAreportObjectClassPublication",
	    "HLAreportInteractionPublication",
	    "HLAreportObjectClassSubscription",
	    "HLAreportInteractionSubscription",
	    "HLAreportObjectInstancesThatCanBeDeleted",
	    "HLAreportUpdatesSent", "HLAreportReflectionsReceived",
	    "HLAreportInteractionsSent", "HLAreportInteractionsReceived",
	    "HLAreportObjectInstanceInformation", "HLAreportMOMexception",
	    "HLAreportException", "HLAreportFederateLost",
	    "HLAreportServiceInvocation", "HLAreportFOMmoduleData",
	    "HLAreportObjectInstancesUpdated",
	    "HLAreportObjectInstancesReflected" };
	size_t k, n;

	monitor_callbacks(&cb);
	m = tfed_join_f(&rx, &cb, GRID, "monitor");
	for (k = 0; k < 2; k++) {
		oc = tfed_oc(m, cls[k]);
		n = mim_attrs(m, oc, a);
		ck_assert_uint_ge(n, 12);
		ck_assert_int_eq(rti_subscribe_object_class_attributes(m->amb,
		    oc, a, n), RTI_OK);
	}
	/* each report (a subscriber of HLAreport would know them as that
	 * class, without their parameters) */
	for (k = 0; k < sizeof reports / sizeof reports[0]; k++) {
		char q[160];

		snprintf(q, sizeof q, MGR "HLAreport.%s", reports[k]);
		ic = tfed_ic(m, q);
		ck_assert_int_eq(rti_subscribe_interaction_class(m->amb, ic),
		    RTI_OK);
	}
	return m;
}

/* Send MOM interaction `cls` (under HLAmanager.HLAfederate) with the
 * parameters given as name, JSON pairs (NULL-terminated); the monitor
 * publishes it first. */
static void
mom_send(struct tfed *m, const char *cls, ...)
{
	struct rti_parameter_value v[8];
	unsigned char buf[8][64];
	rti_interaction_class_handle ic;
	char q[256];
	const char *name, *json;
	va_list ap;
	size_t n = 0;

	snprintf(q, sizeof q, MGR "%s", cls);
	ic = tfed_ic(m, q);
	ck_assert_int_eq(rti_publish_interaction_class(m->amb, ic), RTI_OK);
	va_start(ap, cls);
	while ((name = va_arg(ap, const char *))) {
		rti_datatype_handle dt;
		size_t len;

		json = va_arg(ap, const char *);
		ck_assert_int_eq(rti_get_parameter_handle(m->amb, ic, name,
		    &v[n].parameter), RTI_OK);
		ck_assert_int_eq(rti_get_parameter_datatype(m->amb,
		    v[n].parameter, &dt), RTI_OK);
		ck_assert_int_eq(rti_encode_json(m->amb, dt, json, buf[n],
		    sizeof buf[n], &len), RTI_OK);
		v[n].value = buf[n];
		v[n].length = (uint32_t)len;
		n++;
	}
	va_end(ap);
	ck_assert_int_eq(rti_send_interaction(m->amb, ic, v, n, NULL, 0),
	    RTI_OK);
	ck_assert_int_eq(rti_flush_updates(m->amb), RTI_OK);
}

/* The instance of HLAfederate whose HLAfederateName is `name`, as the
 * monitor saw it (its "value:OBJ:HLAfederateName=..." event), waiting
 * for it up to WAIT_S. */
static unsigned long long
instance_of(struct tfed *m, const char *name)
{
	char want[128];
	double end = tfed_now() + WAIT_S;
	size_t i;

	snprintf(want, sizeof want, ":HLAfederateName=\"%s\"", name);
	do {
		for (i = 0; i < m->n_events; i++) {
			const char *e = m->events[i], *p;

			if (strncmp(e, "value:", 6) == 0 &&
			    (p = strchr(e + 6, ':')) && strcmp(p, want) == 0)
				return strtoull(e + 6, NULL, 10);
		}
		tfed_pump(m, 0.05);
	} while (tfed_now() < end);
	tfed_dump(m, "monitor");
	ck_abort_msg("no HLAfederate instance named %s", name);
	return 0;
}

static void
wait_value(struct tfed *m, unsigned long long obj, const char *attr,
    const char *want)
{
	char prefix[128];
	double end = tfed_now() + WAIT_S;

	snprintf(prefix, sizeof prefix, "value:%llu:%s=", obj, attr);
	while (tfed_now() < end) {
		const char *got = last(m, prefix);

		if (got && strcmp(got, want) == 0)
			return;
		tfed_pump(m, 0.05);
	}
	expect(m, prefix, want);
}

/* ---- the MIM in every federation ---- */

START_TEST(test_mim_everywhere)
{
	const char *const attrs[] = { "HLAfederateHandle", "HLAfederateName",
	    "HLAfederateType", "HLAfederateHost", "HLARTIversion",
	    "HLAlogicalTime", "HLAGALT", "HLALITS", "HLAupdatesSent" };
	struct tfed *a = tfed_new(&rx), *b = tfed_new(&rx);
	const char *bad[1] = { TEST_DATA("fom/mim-redefined.xml") };
	rti_object_class_handle ca, cb;
	rti_attribute_handle ha, hb;
	rti_interaction_class_handle ia, ib;
	size_t i;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	/* Grid.xml has no HLAmanager class: rtiexec adds the MIM */
	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "a"), RTI_OK);
	ck_assert_int_eq(tfed_create_join(b, "F", GRID, "b"), RTI_OK);
	ca = tfed_oc(a, FED);
	cb = tfed_oc(b, FED);
	ck_assert_uint_eq(ca.id, cb.id);
	for (i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		ck_assert_int_eq(rti_get_attribute_handle(a->amb, ca, attrs[i],
		    &ha), RTI_OK);
		ck_assert_int_eq(rti_get_attribute_handle(b->amb, cb, attrs[i],
		    &hb), RTI_OK);
		ck_assert_uint_eq(ha.id, hb.id);
	}
	ia = tfed_ic(a, MGR "HLAreport.HLAreportMOMexception");
	ib = tfed_ic(b, MGR "HLAreport.HLAreportMOMexception");
	ck_assert_uint_eq(ia.id, ib.id);
	ck_assert_uint_eq(tfed_oc(a, "Breaker").id, tfed_oc(b, "Breaker").id);
	/* a module redefining a MIM class is refused; the standard's MIM
	 * file is an equivalent module and merges */
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "G", bad, 1,
	    NULL), RTI_ERR_INCONSISTENT_FDD);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "HLAobjectRoot.HLAmanager.HLAfederate"));
	if (corpus_here("check_mom")) {
		char *mim = corpus_file("mim/HLAstandardMIM.xml");
		const char *mods[2] = { mim, GRID };

		ck_assert_msg(rti_create_federation_execution(a->amb, "H",
		    mods, 2, NULL) == RTI_OK, "%s", rti_error_message(a->amb));
		ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "H"),
		    RTI_OK);
		free(mim);
	}
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/* HLAFOMmoduleDesignatorList: a federate's lists the modules its join
 * added (none for a plain join), the federation's every module but the
 * MIM, joins' included. */
START_TEST(test_module_lists)
{
	struct tfed *m = monitor(), *b = tfed_new(&rx);
	const char *mods[1] = { TEST_DATA("fom/join-extra.xml") };
	unsigned long long im, ib, fx;
	char want[1024];

	ck_assert_ptr_nonnull(b);
	tfed_barrier(m);
	ck_assert(tfed_wait(m, "discover:HLAfederation:"));
	fx = strtoull(m->events[tfed_find(m, "discover:HLAfederation:")] +
	    sizeof "discover:HLAfederation", NULL, 10);
	ck_assert_int_eq(rti_join_federation_execution_with_modules(b->amb,
	    "beta", "test", "F", mods, 1, NULL), RTI_OK);
	tfed_barrier(m);
	request_values(m, FEDN);
	request_values(m, FED);
	im = instance_of(m, "monitor");
	ib = instance_of(m, "beta");
	wait_value(m, im, "HLAFOMmoduleDesignatorList", "[]");
	snprintf(want, sizeof want, "[\"%s\"]", mods[0]);
	wait_value(m, ib, "HLAFOMmoduleDesignatorList", want);
	snprintf(want, sizeof want, "[\"%s\",\"%s\"]", GRID, mods[0]);
	wait_value(m, fx, "HLAFOMmoduleDesignatorList", want);
	tfed_free(b);
	tfed_free(m);
}
END_TEST

/* ---- join, step, resign ---- */

START_TEST(test_join_step_resign)
{
	struct tfed *m = monitor(), *a;
	struct rti_callbacks cb;
	unsigned long long ia, im, fx;
	char h[16], h2[16], list[64];

	tfed_barrier(m);
	/* the monitor discovers the federation and itself, and asks for
	 * their values */
	ck_assert(tfed_wait(m, "discover:HLAfederation:"));
	ck_assert(tfed_wait(m, "discover:HLAfederate:"));
	request_values(m, FEDN);
	request_values(m, FED);
	ck_assert(tfed_wait_n(m, "reflect:", 2));
	fx = strtoull(m->events[tfed_find(m, "discover:HLAfederation:")] +
	    sizeof "discover:HLAfederation", NULL, 10);
	im = instance_of(m, "monitor");
	wait_value(m, im, "HLAfederateHandle", hjson(m->handle.id, h));
	wait_value(m, im, "HLAfederateType", "\"test\"");
	wait_value(m, im, "HLAfederateHost", "\"127.0.0.1\"");
	wait_value(m, fx, "HLAfederationName", "\"F\"");
	wait_value(m, fx, "HLAMIMdesignator", "\"HLAstandardMIM\"");
	wait_value(m, fx, "HLAtimeImplementationName", "\"HLAfloat64Time\"");
	snprintf(list, sizeof list, "[%s]", hjson(m->handle.id, h));
	wait_value(m, fx, "HLAfederatesInFederation", list);

	/* a joins: discovered with its values, and the federation lists it */
	tfed_callbacks(&cb);
	cb.time_regulation_enabled = cb_regulation;
	cb.time_advance_grant = cb_grant;
	a = tfed_join_f(&rx, &cb, GRID, "alpha");
	ck_assert(tfed_wait_n(m, "discover:HLAfederate:", 2));
	ia = instance_of(m, "alpha");
	wait_value(m, ia, "HLAfederateHandle", hjson(a->handle.id, h));
	wait_value(m, ia, "HLAtimeRegulating", "false");
	snprintf(list, sizeof list, "[%s,%s]", hjson(m->handle.id, h),
	    hjson(a->handle.id, h2));
	wait_value(m, fx, "HLAfederatesInFederation", list);
	{
		char v[64];

		snprintf(v, sizeof v, "\"rti %s\"", PACKAGE_VERSION);
		wait_value(m, ia, "HLARTIversion", v);
	}

	/* a steps: its time state every second after HLAsetTiming */
	ck_assert_int_eq(rti_enable_time_regulation(a->amb,
	    rti_time_f64(0.5)), RTI_OK);
	ck_assert(tfed_wait(a, "regulation:"));
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(2.0)),
	    RTI_OK);
	ck_assert(tfed_wait(a, "grant:2"));
	mom_send(m, "HLAadjust.HLAsetTiming", "HLAfederate",
	    hjson(a->handle.id, h), "HLAreportPeriod", "1", NULL);
	/* 2.0 as HLAfloat64BE: 40 00 00 00 00 00 00 00 */
	wait_value(m, ia, "HLAlogicalTime", "\"QAAAAAAAAAA=\"");
	wait_value(m, ia, "HLAtimeRegulating", "true");
	wait_value(m, ia, "HLAlookahead", "\"P+AAAAAAAAA=\"");
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(3.5)),
	    RTI_OK);
	ck_assert(tfed_wait(a, "grant:3.5"));
	/* 3.5: 40 0c 00 00 00 00 00 00 */
	wait_value(m, ia, "HLAlogicalTime", "\"QAwAAAAAAAA=\"");
	/* the static attributes are not sent again */
	ck_assert_ptr_null(strstr(m->events[m->n_events - 1], "Name="));

	/* a resigns: removed, and the federation lists the monitor only */
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	{
		char r[32];

		snprintf(r, sizeof r, "remove:%llu", ia);
		ck_assert(tfed_wait(m, r));
	}
	snprintf(list, sizeof list, "[%s]", hjson(m->handle.id, h));
	wait_value(m, fx, "HLAfederatesInFederation", list);
	tfed_free(a);
	tfed_free(m);
}
END_TEST

/* ---- reports ---- */

/* The value of parameter `param` in the last report `cls`. */
static const char *
report_param(struct tfed *m, const char *cls, const char *param)
{
	char prefix[160];

	snprintf(prefix, sizeof prefix, "param:%s:%s=", cls, param);
	return last(m, prefix);
}

static void
request(struct tfed *m, const char *req, const char *report,
    const struct tfed *about)
{
	char h[16], ev[128];
	size_t before;

	snprintf(ev, sizeof ev, "report:%s", report);
	before = tfed_count(m, ev);
	mom_send(m, req, "HLAfederate", hjson(about->handle.id, h), NULL);
	ck_assert(tfed_wait_n(m, ev, before + 1));
	tfed_pump(m, 0.1);
}

START_TEST(test_reports)
{
	struct tfed *m = monitor(), *a, *b;
	struct rti_callbacks cb;
	rti_object_instance_handle obj;
	rti_interaction_class_handle alarm;
	struct rti_attribute_value v;
	struct rti_parameter_value pv;
	rti_attribute_handle st;
	char h[16], want[256], hb[16], hs[16], ho[16];
	int i;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 1);
	a = tfed_join_f(&rx, &cb, GRID, "alpha");
	b = tfed_join_f(&rx, &cb, GRID, "beta");
	tfed_publish_breaker(a);
	alarm = tfed_ic(a, "Alarm");
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, alarm), RTI_OK);
	tfed_subscribe(b, "Breaker", "Status");
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb,
	    tfed_ic(b, "Alarm")), RTI_OK);
	obj = tfed_register_named(a, "Breaker", "B1");
	ck_assert(tfed_wait(b, "discover:B1"));
	st = tfed_attr(a, "Breaker", "Status");
	v.attribute = st;
	v.value = "\0\0\0\1";
	v.length = 4;
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, &v,
		    1, NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_get_parameter_handle(a->amb, alarm, "Text",
	    &pv.parameter), RTI_OK);
	pv.value = "\0\0\0\0";
	pv.length = 4;
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(rti_send_interaction(a->amb, alarm, &pv, 1,
		    NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	ck_assert(tfed_wait_n(b, "binst:", 3));
	tfed_barrier(b);

	hjson(tfed_oc(m, "Breaker").id, hb);
	hjson(st.id, hs);
	hjson(obj.id, ho);

	request(m, "HLArequest.HLArequestPublications",
	    "HLAreportObjectClassPublication", a);
	expect(m, "param:HLAreportObjectClassPublication:HLAfederate=",
	    hjson(a->handle.id, h));
	expect(m, "param:HLAreportObjectClassPublication:HLAobjectClass=", hb);
	expect(m, "param:HLAreportObjectClassPublication:HLAnumberOfClasses=",
	    "1");
	{
		char n1[16], n3[16];

		snprintf(want, sizeof want, "[%s,%s,%s]",
		    hjson(tfed_attr(m, "Breaker", "Name").id, n1), hs,
		    hjson(tfed_attr(m, "Breaker", "Current").id, n3));
		expect(m, "param:HLAreportObjectClassPublication:"
		    "HLAattributeList=", want);
	}
	ck_assert(tfed_wait(m, "report:HLAreportInteractionPublication"));
	snprintf(want, sizeof want, "[%s]", hjson(alarm.id, h));
	expect(m, "param:HLAreportInteractionPublication:"
	    "HLAinteractionClassList=", want);

	request(m, "HLArequest.HLArequestSubscriptions",
	    "HLAreportObjectClassSubscription", b);
	expect(m, "param:HLAreportObjectClassSubscription:HLAobjectClass=",
	    hb);
	expect(m, "param:HLAreportObjectClassSubscription:HLAactive=",
	    "true");
	snprintf(want, sizeof want, "[%s]", hs);
	expect(m, "param:HLAreportObjectClassSubscription:HLAattributeList=",
	    want);
	ck_assert(tfed_wait(m, "report:HLAreportInteractionSubscription"));
	snprintf(want, sizeof want,
	    "[{\"HLAinteractionClass\":%s,\"HLAactive\":true}]",
	    hjson(alarm.id, h));
	expect(m, "param:HLAreportInteractionSubscription:"
	    "HLAinteractionClassList=", want);

	request(m, "HLArequest.HLArequestUpdatesSent",
	    "HLAreportUpdatesSent", a);
	expect(m, "param:HLAreportUpdatesSent:HLAtransportation=",
	    "\"HLAreliable\"");
	snprintf(want, sizeof want,
	    "[{\"HLAobjectClass\":%s,\"HLAcount\":3}]", hb);
	expect(m, "param:HLAreportUpdatesSent:HLAupdateCounts=", want);

	request(m, "HLArequest.HLArequestReflectionsReceived",
	    "HLAreportReflectionsReceived", b);
	expect(m, "param:HLAreportReflectionsReceived:HLAreflectCounts=",
	    want);

	request(m, "HLArequest.HLArequestInteractionsSent",
	    "HLAreportInteractionsSent", a);
	snprintf(want, sizeof want,
	    "[{\"HLAinteractionClass\":%s,\"HLAinteractionCount\":2}]",
	    hjson(alarm.id, h));
	expect(m, "param:HLAreportInteractionsSent:HLAinteractionCounts=",
	    want);
	request(m, "HLArequest.HLArequestInteractionsReceived",
	    "HLAreportInteractionsReceived", b);
	expect(m, "param:HLAreportInteractionsReceived:HLAinteractionCounts=",
	    want);

	request(m, "HLArequest.HLArequestObjectInstancesThatCanBeDeleted",
	    "HLAreportObjectInstancesThatCanBeDeleted", a);
	snprintf(want, sizeof want,
	    "[{\"HLAobjectClass\":%s,\"HLAcount\":1}]", hb);
	expect(m, "param:HLAreportObjectInstancesThatCanBeDeleted:"
	    "HLAobjectInstanceCounts=", want);

	mom_send(m, "HLArequest.HLArequestObjectInstanceInformation",
	    "HLAfederate", hjson(b->handle.id, h), "HLAobjectInstance",
	    hjson(obj.id, ho), NULL);
	ck_assert(tfed_wait(m, "report:HLAreportObjectInstanceInformation"));
	expect(m, "param:HLAreportObjectInstanceInformation:"
	    "HLAregisteredClass=", hb);
	expect(m, "param:HLAreportObjectInstanceInformation:HLAknownClass=",
	    hb);
	expect(m, "param:HLAreportObjectInstanceInformation:"
	    "HLAownedInstanceAttributeList=", "[]");

	/* the counts are the federate's attributes too */
	request_values(m, FED);
	wait_value(m, instance_of(m, "alpha"), "HLAupdatesSent", "3");
	wait_value(m, instance_of(m, "alpha"), "HLAinteractionsSent", "2");
	wait_value(m, instance_of(m, "alpha"),
	    "HLAobjectInstancesThatCanBeDeleted", "1");
	wait_value(m, instance_of(m, "beta"), "HLAreflectionsReceived", "3");
	wait_value(m, instance_of(m, "beta"), "HLAinteractionsReceived", "2");
	tfed_free(a);
	tfed_free(b);
	tfed_free(m);
}
END_TEST

/* ---- eviction ---- */

START_TEST(test_evict)
{
	struct tfed *m = monitor(), *a, *b;
	struct rti_callbacks cb;
	rti_object_instance_handle obj;
	unsigned long long ia;
	char h[16], r[64];

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	a = tfed_join_f(&rx, &cb, GRID, "stuck");
	b = tfed_join_f(&rx, &cb, GRID, "watcher");
	tfed_publish_breaker(a);
	tfed_subscribe(b, "Breaker", "Status");
	obj = tfed_register_named(a, "Breaker", "B9");
	(void)obj;
	ck_assert(tfed_wait(b, "discover:B9"));
	/* were a to resign by losing its connection, B9 would be divested,
	 * not deleted */
	ck_assert_int_eq(rti_set_automatic_resign_directive(a->amb,
	    RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES), RTI_OK);
	tfed_barrier(a);
	ia = instance_of(m, "stuck");
	/* NoAction while a owns attributes: refused, a stays */
	mom_send(m, "HLAservice.HLAresignFederationExecution", "HLAfederate",
	    hjson(a->handle.id, h), "HLAresignAction", "\"NoAction\"", NULL);
	ck_assert(tfed_wait(m, "report:HLAreportMOMexception"));
	ck_assert_ptr_nonnull(strstr(report_param(m, "HLAreportMOMexception",
	    "HLAexception"), "owns attribute"));
	tfed_barrier(a);
	ck_assert(!a->lost);
	mom_send(m, "HLAservice.HLAresignFederationExecution", "HLAfederate",
	    hjson(a->handle.id, h), "HLAresignAction",
	    "\"DeleteObjectInstances\"", NULL);
	/* a's librti loses its connection; b sees B9 go (the action deleted
	 * it); the monitor sees a's HLAfederate instance go */
	ck_assert(tfed_wait(a, "lost:"));
	/* told why, and by whom, in the fault and the error message */
	{
		const char *lost = a->events[tfed_find(a, "lost:")];

		ck_assert_msg(strstr(lost, "HLAresignFederationExecution") &&
		    strstr(lost, "asked by federate 'monitor'"), "%s", lost);
		ck_assert_int_ne(rti_register_federation_synchronization_point(
		    a->amb, "after", NULL, 0, NULL, 0), RTI_OK);
		ck_assert_msg(strstr(rti_error_message(a->amb),
		    "HLAresignFederationExecution"), "%s",
		    rti_error_message(a->amb));
	}
	ck_assert(tfed_wait(b, "remove:B9:"));
	snprintf(r, sizeof r, "remove:%llu", ia);
	ck_assert(tfed_wait(m, r));
	ck_assert(rtiexec_log_has(&rx, "resigned by federate"));
	/* and it is gone from the federation */
	mom_send(m, "HLArequest.HLArequestPublications", "HLAfederate",
	    hjson(a->handle.id, h), NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", 2));
	snprintf(r, sizeof r, "\"federate handle %llu is not known\"",
	    (unsigned long long)a->handle.id);
	expect(m, "param:HLAreportMOMexception:HLAexception=", r);
	tfed_free(a);
	tfed_free(b);
	tfed_free(m);
}
END_TEST

/* ---- exception reporting ---- */

START_TEST(test_exception_reporting)
{
	struct tfed *m = monitor(), *a = tfed_new(&rx);
	char h[16];
	size_t n;

	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "alpha"), RTI_OK);
	/* off by default: an error of a's is not reported */
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_ERR_FEDERATES_CURRENTLY_JOINED);
	tfed_barrier(m);
	ck_assert_uint_eq(tfed_count(m, "report:HLAreportException"), 0);
	mom_send(m, "HLAadjust.HLAsetExceptionReporting", "HLAfederate",
	    hjson(a->handle.id, h), "HLAreportingState", "true", NULL);
	tfed_barrier(m);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_ERR_FEDERATES_CURRENTLY_JOINED);
	ck_assert(tfed_wait(m, "report:HLAreportException"));
	expect(m, "param:HLAreportException:HLAfederate=",
	    hjson(a->handle.id, h));
	expect(m, "param:HLAreportException:HLAservice=",
	    "\"destroyFederationExecution\"");
	ck_assert_ptr_nonnull(strstr(report_param(m, "HLAreportException",
	    "HLAexception"), "FEDERATES_CURRENTLY_JOINED"));
	/* and off again */
	mom_send(m, "HLAadjust.HLAsetExceptionReporting", "HLAfederate",
	    hjson(a->handle.id, h), "HLAreportingState", "false", NULL);
	tfed_barrier(m);
	n = tfed_count(m, "report:HLAreportException");
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_ERR_FEDERATES_CURRENTLY_JOINED);
	tfed_barrier(a);
	tfed_barrier(m);
	ck_assert_uint_eq(tfed_count(m, "report:HLAreportException"), n);
	tfed_free(a);
	tfed_free(m);
}
END_TEST

/* ---- bad MOM interactions ---- */

START_TEST(test_bad_interactions)
{
	struct tfed *m = monitor();
	char h[16], h2[16];
	size_t n;
	rti_interaction_class_handle ic;
	struct rti_parameter_value pv;

	/* no HLAfederate */
	mom_send(m, "HLArequest.HLArequestPublications", NULL);
	ck_assert(tfed_wait(m, "report:HLAreportMOMexception"));
	expect(m, "param:HLAreportMOMexception:HLAservice=",
	    "\"HLArequestPublications\"");
	expect(m, "param:HLAreportMOMexception:HLAparameterError=",
	    "true");
	expect(m, "param:HLAreportMOMexception:HLAfederate=",
	    hjson(m->handle.id, h));
	/* a garbled HLAfederate: three octets */
	ic = tfed_ic(m, MGR "HLArequest.HLArequestSubscriptions");
	ck_assert_int_eq(rti_publish_interaction_class(m->amb, ic), RTI_OK);
	ck_assert_int_eq(rti_get_parameter_handle(m->amb, ic, "HLAfederate",
	    &pv.parameter), RTI_OK);
	pv.value = "\0\0\1";
	pv.length = 3;
	n = tfed_count(m, "report:HLAreportMOMexception");
	ck_assert_int_eq(rti_send_interaction(m->amb, ic, &pv, 1, NULL, 0),
	    RTI_OK);
	ck_assert_int_eq(rti_flush_updates(m->amb), RTI_OK);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 1));
	expect(m, "param:HLAreportMOMexception:HLAexception=",
	    "\"HLAfederate is not an HLAhandle\"");
	/* an unknown federate */
	mom_send(m, "HLArequest.HLArequestSubscriptions", "HLAfederate",
	    hjson(99, h), NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 2));
	expect(m, "param:HLAreportMOMexception:HLAexception=",
	    "\"federate handle 99 is not known\"");
	expect(m, "param:HLAreportMOMexception:HLAparameterError=",
	    "false");
	/* missing and out-of-range parameters of the adjustments */
	mom_send(m, "HLAadjust.HLAsetTiming", "HLAfederate",
	    hjson(m->handle.id, h), NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 3));
	expect(m, "param:HLAreportMOMexception:HLAexception=",
	    "\"HLAreportPeriod is missing\"");
	mom_send(m, "HLAadjust.HLAsetTiming", "HLAfederate",
	    hjson(m->handle.id, h), "HLAreportPeriod", "-1", NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 4));
	expect(m, "param:HLAreportMOMexception:HLAexception=",
	    "\"HLAreportPeriod is out of range (0 to 86400 s)\"");
	mom_send(m, "HLAservice.HLAresignFederationExecution", "HLAfederate",
	    hjson(m->handle.id, h), NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 5));
	expect(m, "param:HLAreportMOMexception:HLAexception=",
	    "\"HLAresignAction is missing\"");
	/* a module index past the federate's list (a plain join added
	 * none) */
	mom_send(m, "HLArequest.HLArequestFOMmoduleData", "HLAfederate",
	    hjson(m->handle.id, h), "HLAFOMmoduleIndicator", "0", NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 6));
	ck_assert_ptr_nonnull(strstr(report_param(m, "HLAreportMOMexception",
	    "HLAexception"), "is not an index of"));
	expect(m, "param:HLAreportMOMexception:HLAparameterError=", "true");
	/* a service rti refuses by design, with the reason */
	mom_send(m, "HLAservice.HLApublishInteractionClass", "HLAfederate",
	    hjson(m->handle.id, h), "HLAinteractionClass", hjson(1, h2),
	    NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 7));
	ck_assert_ptr_nonnull(strstr(report_param(m, "HLAreportMOMexception",
	    "HLAexception"), "on a federate's behalf"));
	expect(m, "param:HLAreportMOMexception:HLAservice=",
	    "\"HLApublishInteractionClass\"");

	/* rtiexec is fine and the monitor still joined */
	tfed_barrier(m);
	ck_assert(rtiexec_alive(&rx));
	ck_assert(!m->lost);
	tfed_free(m);
}
END_TEST

/* ---- service reporting ---- */

/*
 * The value of parameter `param` of the last HLAreportServiceInvocation
 * whose HLAservice is `service`, waiting up to WAIT_S for one (each
 * report's parameters are events in a row, ended by its "report:").
 */
static const char *
svc_param(struct tfed *m, const char *service, const char *param)
{
	char sv[160], pp[160];
	double end = tfed_now() + WAIT_S;
	size_t i, j;

	snprintf(sv, sizeof sv, "param:HLAreportServiceInvocation:HLAservice="
	    "\"%s\"", service);
	snprintf(pp, sizeof pp, "param:HLAreportServiceInvocation:%s=",
	    param);
	do {
		for (i = m->n_events; i-- > 0;) {
			if (strcmp(m->events[i], sv) != 0)
				continue;
			/* back to the report's start, then forward to its
			 * end */
			while (i > 0 && strncmp(m->events[i - 1], "param:"
			    "HLAreportServiceInvocation:", 33) == 0)
				i--;
			for (j = i; j < m->n_events && strncmp(m->events[j],
			    "report:", 7) != 0; j++)
				if (strncmp(m->events[j], pp,
				    strlen(pp)) == 0)
					return m->events[j] + strlen(pp);
			return NULL;
		}
		tfed_pump(m, 0.05);
	} while (tfed_now() < end);
	tfed_dump(m, "monitor");
	ck_abort_msg("no HLAreportServiceInvocation of %s", service);
	return NULL;
}

static void
svc_expect(struct tfed *m, const char *service, const char *param,
    const char *want)
{
	const char *got = svc_param(m, service, param);

	if (!got || strcmp(got, want) != 0) {
		tfed_dump(m, "monitor");
		ck_abort_msg("%s %s: got %s, want %s", service, param,
		    got ? got : "none", want);
	}
}

START_TEST(test_service_reporting)
{
	struct tfed *m = monitor(), *a;
	struct rti_callbacks cb;
	rti_object_instance_handle obj;
	struct rti_attribute_value v;
	char h[16], want[256];
	size_t n, i;
	unsigned long prev = 0;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.time_regulation_enabled = cb_regulation;
	cb.time_advance_grant = cb_grant;
	a = tfed_join_f(&rx, &cb, GRID, "alpha");
	/* off by default: nothing reported */
	tfed_publish_breaker(a);
	tfed_barrier(a);
	tfed_barrier(m);
	ck_assert_uint_eq(tfed_count(m, "report:HLAreportServiceInvocation"),
	    0);
	/* the monitor subscribes to the report: it cannot be reported on */
	mom_send(m, "HLAadjust.HLAsetServiceReporting", "HLAfederate",
	    hjson(m->handle.id, h), "HLAreportingState", "true", NULL);
	ck_assert(tfed_wait(m, "report:HLAreportMOMexception"));
	ck_assert_ptr_nonnull(strstr(report_param(m, "HLAreportMOMexception",
	    "HLAexception"), "subscribes to HLAreportServiceInvocation"));

	mom_send(m, "HLAadjust.HLAsetServiceReporting", "HLAfederate",
	    hjson(a->handle.id, h), "HLAreportingState", "true", NULL);
	tfed_barrier(m);
	tfed_barrier(a);
	/* a request that succeeds, with its arguments: the first report */
	ck_assert_int_eq(rti_subscribe_interaction_class(a->amb,
	    tfed_ic(a, "Alarm")), RTI_OK);
	svc_expect(m, "subscribeInteractionClass", "HLAfederate",
	    hjson(a->handle.id, h));
	svc_expect(m, "subscribeInteractionClass", "HLAsuccessIndicator",
	    "true");
	snprintf(want, sizeof want, "[\"interactionClass=%llu\","
	    "\"active=true\"]", (unsigned long long)tfed_ic(a, "Alarm").id);
	svc_expect(m, "subscribeInteractionClass", "HLAsuppliedArguments",
	    want);
	svc_expect(m, "subscribeInteractionClass", "HLAexception", "\"\"");
	/* one that fails, with the exception */
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_ERR_FEDERATES_CURRENTLY_JOINED);
	svc_expect(m, "destroyFederationExecution", "HLAsuccessIndicator",
	    "false");
	ck_assert_ptr_nonnull(strstr(svc_param(m,
	    "destroyFederationExecution", "HLAexception"),
	    "FEDERATES_CURRENTLY_JOINED"));
	/* a one-way service: an update, carried by its own frame */
	obj = tfed_register_named(a, "Breaker", "B7");
	snprintf(want, sizeof want, "[\"objectInstance=%llu\","
	    "\"objectInstanceName=B7\"]", (unsigned long long)obj.id);
	svc_expect(m, "registerObjectInstance", "HLAreturnedArguments", want);
	v.attribute = tfed_attr(a, "Breaker", "Status");
	v.value = "\0\0\0\1";
	v.length = 4;
	ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, &v, 1,
	    NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	snprintf(want, sizeof want, "\"objectInstance=%llu\"",
	    (unsigned long long)obj.id);
	ck_assert_ptr_nonnull(strstr(svc_param(m, "updateAttributeValues",
	    "HLAsuppliedArguments"), want));
	/* time: the advance's kind is the service, its time an argument;
	 * the callbacks a's librti delivers are reported too */
	ck_assert_int_eq(rti_enable_time_regulation(a->amb,
	    rti_time_f64(1)), RTI_OK);
	ck_assert(tfed_wait(a, "regulation:"));
	svc_expect(m, "enableTimeRegulation", "HLAsuppliedArguments",
	    "[\"lookahead=1\"]");
	svc_expect(m, "timeRegulationEnabled", "HLAsuppliedArguments",
	    "[\"time=0\"]");
	ck_assert_int_eq(rti_next_message_request(a->amb, rti_time_f64(2.5)),
	    RTI_OK);
	ck_assert(tfed_wait(a, "grant:"));
	svc_expect(m, "nextMessageRequest", "HLAsuppliedArguments",
	    "[\"time=2.5\"]");
	/* the grant's report goes with a's next output */
	tfed_barrier(a);
	svc_expect(m, "timeAdvanceGrant", "HLAsuppliedArguments",
	    "[\"time=2.5\"]");
	svc_expect(m, "timeAdvanceGrant", "HLAsuccessIndicator", "true");
	/* serial numbers: 1, 2, 3... in the order the reports came */
	for (i = 0; i < m->n_events; i++) {
		const char *p = "param:HLAreportServiceInvocation:"
		    "HLAserialNumber=";
		unsigned long k;

		if (strncmp(m->events[i], p, strlen(p)) != 0)
			continue;
		k = strtoul(m->events[i] + strlen(p), NULL, 10);
		ck_assert_uint_eq(k, prev + 1);
		prev = k;
	}
	ck_assert_uint_ge(prev, 8);
	/* off again: nothing more */
	mom_send(m, "HLAadjust.HLAsetServiceReporting", "HLAfederate",
	    hjson(a->handle.id, h), "HLAreportingState", "false", NULL);
	tfed_barrier(m);
	tfed_barrier(a);
	tfed_barrier(m);
	n = tfed_count(m, "report:HLAreportServiceInvocation");
	ck_assert_int_eq(rti_unsubscribe_interaction_class(a->amb,
	    tfed_ic(a, "Alarm")), RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(3)),
	    RTI_OK);
	ck_assert(tfed_wait(a, "grant:3"));
	tfed_barrier(a);
	tfed_barrier(m);
	ck_assert_uint_eq(tfed_count(m, "report:HLAreportServiceInvocation"),
	    n);
	tfed_free(a);
	tfed_free(m);
}
END_TEST

/* A timestamp-order reflection is reported once, when it is delivered at
 * the grant, not also when it arrives and waits in librti. */
static void
cb_constrained(void *arg, rti_time t)
{
	(void)t;
	tfed_event(arg, "constrained:");
}

START_TEST(test_service_reporting_tso)
{
	struct tfed *m = monitor(), *a, *b;
	struct rti_callbacks cb;
	rti_object_instance_handle obj;
	struct rti_attribute_value v;
	char h[16];

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.time_regulation_enabled = cb_regulation;
	cb.time_constrained_enabled = cb_constrained;
	cb.time_advance_grant = cb_grant;
	a = tfed_join_f(&rx, &cb, GRID, "alpha");
	b = tfed_join_f(&rx, &cb, GRID, "beta");
	tfed_subscribe(a, "Breaker", "Status");
	tfed_publish_breaker(b);
	obj = tfed_register_named(b, "Breaker", "B5");
	ck_assert(tfed_wait(a, "discover:B5"));
	ck_assert_int_eq(rti_enable_time_constrained(a->amb), RTI_OK);
	ck_assert(tfed_wait(a, "constrained:"));
	ck_assert_int_eq(rti_enable_time_regulation(b->amb, rti_time_f64(1)),
	    RTI_OK);
	ck_assert(tfed_wait(b, "regulation:"));
	mom_send(m, "HLAadjust.HLAsetServiceReporting", "HLAfederate",
	    hjson(a->handle.id, h), "HLAreportingState", "true", NULL);
	tfed_barrier(m);
	tfed_barrier(a);
	v.attribute = tfed_attr(b, "Breaker", "Status");
	v.value = "\0\0\0\1";
	v.length = 4;
	ck_assert_int_eq(rti_update_attribute_values_at(b->amb, obj, &v, 1,
	    NULL, 0, rti_time_f64(5), NULL), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(b->amb), RTI_OK);
	/* a holds it: nothing delivered, nothing reported */
	tfed_pump(a, 0.3);
	tfed_barrier(a);
	tfed_barrier(m);
	ck_assert_int_lt(tfed_find(m, "param:HLAreportServiceInvocation:"
	    "HLAservice=\"reflectAttributeValues\""), 0);
	/* delivered at the grant: reported once */
	ck_assert_int_eq(rti_time_advance_request(b->amb, rti_time_f64(20)),
	    RTI_OK);
	ck_assert(tfed_wait(b, "grant:20"));
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(10)),
	    RTI_OK);
	ck_assert(tfed_wait(a, "grant:10"));
	tfed_barrier(a);
	(void)svc_param(m, "timeAdvanceGrant", "HLAservice");
	ck_assert_uint_eq(tfed_count(m, "param:HLAreportServiceInvocation:"
	    "HLAservice=\"reflectAttributeValues\""), 1);
	tfed_free(a);
	tfed_free(b);
	tfed_free(m);
}
END_TEST

/* ---- a lost federate ---- */

/* A federate "doomed" joined in a child process, which waits to be
 * killed or stopped; its pid once joined. */
static pid_t
doomed_start(void)
{
	int ready[2];
	pid_t pid;
	char ch;

	ck_assert_int_eq(pipe(ready), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct rti_callbacks cb;
		struct tfed *d;

		close(ready[0]);
		tfed_callbacks(&cb);
		d = tfed_join_f(&rx, &cb, GRID, "doomed");
		if (rti_enable_time_regulation(d->amb, rti_time_f64(1)) !=
		    RTI_OK)
			_exit(1);
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			(void)rti_evoke_callbacks(d->amb, 0.05, 0.05, NULL);
	}
	close(ready[1]);
	ck_assert_int_eq(read(ready[0], &ch, 1), 1);
	close(ready[0]);
	return pid;
}

static void
lost_check(struct tfed *m, const char *why)
{
	const char *fault;

	ck_assert_msg(tfed_wait(m, "report:HLAreportFederateLost"),
	    "no HLAreportFederateLost");
	expect(m, "param:HLAreportFederateLost:HLAfederateName=",
	    "\"doomed\"");
	/* its logical time, 0.0 as HLAfloat64BE */
	expect(m, "param:HLAreportFederateLost:HLAtimeStamp=",
	    "\"AAAAAAAAAAA=\"");
	fault = report_param(m, "HLAreportFederateLost",
	    "HLAfaultDescription");
	ck_assert_msg(fault && strstr(fault, "doomed") && strstr(fault, why),
	    "fault description %s lacks %s", fault ? fault : "none", why);
}

START_TEST(test_federate_lost)
{
	struct tfed *m = monitor(), *a;
	struct rti_callbacks cb;
	pid_t pid;

	/* killed: its connection closes */
	pid = doomed_start();
	(void)instance_of(m, "doomed");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	lost_check(m, "connection closed");
	/* a resign of its own is no loss */
	tfed_callbacks(&cb);
	a = tfed_join_f(&rx, &cb, GRID, "alpha");
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	tfed_barrier(m);
	tfed_pump(m, 0.3);
	ck_assert_uint_eq(tfed_count(m, "report:HLAreportFederateLost"), 1);
	tfed_free(a);
	tfed_free(m);
}
END_TEST

/* Stopped past --heartbeat-timeout: lost for the heartbeat's silence. */
START_TEST(test_federate_lost_heartbeat)
{
	const char *args[] = { "--heartbeat-timeout", "1", NULL };
	struct tfed *m;
	pid_t pid;

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	if (getenv("RTI_TEST_WRAPPER"))
		args[1] = "5";
	ck_assert_int_eq(rtiexec_start(&rx, args), 0);
	m = monitor();
	pid = doomed_start();
	(void)instance_of(m, "doomed");
	kill(pid, SIGSTOP);
	lost_check(m, "heartbeat timeout");
	kill(pid, SIGCONT);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	tfed_free(m);
}
END_TEST

/* ---- modules, the MIM, synchronization points, switches ---- */

/* The value of HLAunicodeString JSON `json` holds `text`. */
static void
text_has(const char *json, const char *text)
{
	ck_assert_msg(json && strstr(json, text), "%.200s lacks %s",
	    json ? json : "none", text);
}

/* The monitor's subscription to a report of HLAmanager.HLAfederation. */
static void
sub_federation_report(struct tfed *m, const char *name)
{
	char q[160];

	snprintf(q, sizeof q, "HLAinteractionRoot.HLAmanager.HLAfederation."
	    "HLAreport.%s", name);
	ck_assert_int_eq(rti_subscribe_interaction_class(m->amb,
	    tfed_ic(m, q)), RTI_OK);
}

/* Send HLAmanager.HLAfederation interaction `cls` with parameter
 * `name` = JSON `json` (none when NULL). */
static void
fx_send(struct tfed *m, const char *cls, const char *name, const char *json)
{
	struct rti_parameter_value v;
	unsigned char buf[64];
	rti_interaction_class_handle ic;
	rti_datatype_handle dt;
	char q[160];
	size_t len;

	snprintf(q, sizeof q, "HLAinteractionRoot.HLAmanager.HLAfederation."
	    "%s", cls);
	ic = tfed_ic(m, q);
	ck_assert_int_eq(rti_publish_interaction_class(m->amb, ic), RTI_OK);
	if (name) {
		ck_assert_int_eq(rti_get_parameter_handle(m->amb, ic, name,
		    &v.parameter), RTI_OK);
		ck_assert_int_eq(rti_get_parameter_datatype(m->amb,
		    v.parameter, &dt), RTI_OK);
		ck_assert_int_eq(rti_encode_json(m->amb, dt, json, buf,
		    sizeof buf, &len), RTI_OK);
		v.value = buf;
		v.length = (uint32_t)len;
	}
	ck_assert_int_eq(rti_send_interaction(m->amb, ic, &v, name ? 1 : 0,
	    NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(m->amb), RTI_OK);
}

START_TEST(test_module_data)
{
	struct tfed *m = monitor(), *a = tfed_new(&rx);
	const char *mods[1] = { TEST_DATA("fom/join-extra.xml") };
	char h[16];
	size_t n;

	/* a joins adding join-extra.xml: its own list holds it */
	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(rti_join_federation_execution_with_modules(a->amb,
	    "alpha", "test", "F", mods, 1, &a->handle), RTI_OK);
	mom_send(m, "HLArequest.HLArequestFOMmoduleData", "HLAfederate",
	    hjson(a->handle.id, h), "HLAFOMmoduleIndicator", "0", NULL);
	ck_assert(tfed_wait(m, "report:HLAreportFOMmoduleData"));
	expect(m, "param:HLAreportFOMmoduleData:HLAfederate=",
	    hjson(a->handle.id, h));
	expect(m, "param:HLAreportFOMmoduleData:HLAFOMmoduleIndicator=", "0");
	text_has(report_param(m, "HLAreportFOMmoduleData",
	    "HLAFOMmoduleData"), "<objectModel");
	text_has(report_param(m, "HLAreportFOMmoduleData",
	    "HLAFOMmoduleData"), "JoinExtra");
	n = tfed_count(m, "report:HLAreportMOMexception");
	mom_send(m, "HLArequest.HLArequestFOMmoduleData", "HLAfederate",
	    hjson(a->handle.id, h), "HLAFOMmoduleIndicator", "1", NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 1));

	/* the federation's: module 0 is the create's Grid.xml, 1
	 * join-extra.xml; the MIM apart */
	sub_federation_report(m, "HLAreportFOMmoduleData");
	sub_federation_report(m, "HLAreportMIMdata");
	sub_federation_report(m, "HLAreportSynchronizationPoints");
	sub_federation_report(m, "HLAreportSynchronizationPointStatus");
	fx_send(m, "HLArequest.HLArequestFOMmoduleData",
	    "HLAFOMmoduleIndicator", "0");
	ck_assert(tfed_wait_n(m, "report:HLAreportFOMmoduleData", 2));
	text_has(report_param(m, "HLAreportFOMmoduleData",
	    "HLAFOMmoduleData"), "Breaker");
	fx_send(m, "HLArequest.HLArequestMIMdata", NULL, NULL);
	ck_assert(tfed_wait(m, "report:HLAreportMIMdata"));
	text_has(report_param(m, "HLAreportMIMdata", "HLAMIMdata"),
	    "HLAreportServiceInvocation");

	/* synchronization points: the pending ones, and who achieved */
	ck_assert_int_eq(rti_register_federation_synchronization_point(
	    m->amb, "ready", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(a, "announce:ready"));
	ck_assert_int_eq(rti_synchronization_point_achieved(a->amb, "ready",
	    1), RTI_OK);
	tfed_barrier(a);
	fx_send(m, "HLArequest.HLArequestSynchronizationPoints", NULL, NULL);
	ck_assert(tfed_wait(m, "report:HLAreportSynchronizationPoints"));
	expect(m, "param:HLAreportSynchronizationPoints:HLAsyncPoints=",
	    "[\"ready\"]");
	fx_send(m, "HLArequest.HLArequestSynchronizationPointStatus", NULL,
	    NULL);
	ck_assert(tfed_wait(m, "report:HLAreportSynchronizationPointStatus"));
	expect(m, "param:HLAreportSynchronizationPointStatus:"
	    "HLAsyncPointName=", "\"ready\"");
	{
		char want[256], hm[16], ha[16];

		snprintf(want, sizeof want, "[{\"HLAfederate\":%s,"
		    "\"HLAfederateSynchStatus\":\"MovingToSynchPoint\"},"
		    "{\"HLAfederate\":%s,\"HLAfederateSynchStatus\":"
		    "\"WaitingForRestOfFederation\"}]",
		    hjson(m->handle.id, hm), hjson(a->handle.id, ha));
		expect(m, "param:HLAreportSynchronizationPointStatus:"
		    "HLAsyncPointFederates=", want);
	}

	/* switches: what rti does is taken, the rest refused */
	n = tfed_count(m, "report:HLAreportMOMexception");
	fx_send(m, "HLAadjust.HLAsetSwitches", "HLAautoProvide",
	    "\"Disabled\"");
	fx_send(m, "HLAadjust.HLAsetSwitches", "HLAautoProvide",
	    "\"Enabled\"");
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 1));
	ck_assert_ptr_nonnull(strstr(report_param(m, "HLAreportMOMexception",
	    "HLAexception"), "no automatic provide"));
	mom_send(m, "HLAadjust.HLAsetSwitches", "HLAfederate",
	    hjson(a->handle.id, h), "HLAconveyProducingFederate",
	    "\"Enabled\"", NULL);
	mom_send(m, "HLAadjust.HLAsetSwitches", "HLAfederate",
	    hjson(a->handle.id, h), "HLAconveyRegionDesignatorSets",
	    "\"Enabled\"", NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 2));
	ck_assert_ptr_nonnull(strstr(report_param(m, "HLAreportMOMexception",
	    "HLAexception"), "region designator sets"));
	mom_send(m, "HLAadjust.HLAmodifyAttributeState", "HLAfederate",
	    hjson(a->handle.id, h), NULL);
	ck_assert(tfed_wait_n(m, "report:HLAreportMOMexception", n + 3));
	ck_assert_ptr_nonnull(strstr(report_param(m, "HLAreportMOMexception",
	    "HLAexception"), "ownership"));
	tfed_barrier(m);
	ck_assert_uint_eq(tfed_count(m, "report:HLAreportMOMexception"), n + 3);
	tfed_free(a);
	tfed_free(m);
}
END_TEST

/* The attributes of time, instances and switches. */
START_TEST(test_more_attributes)
{
	struct tfed *m = monitor(), *a, *b;
	struct rti_callbacks cb;
	unsigned long long ia, ib, fx;
	rti_object_instance_handle b2;
	char h[16], prefix[128];
	const char *ms;
	size_t n;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.time_regulation_enabled = cb_regulation;
	cb.time_advance_grant = cb_grant;
	a = tfed_join_f(&rx, &cb, GRID, "alpha");
	b = tfed_join_f(&rx, &cb, GRID, "beta");
	tfed_publish_breaker(a);
	tfed_subscribe(b, "Breaker", "Status");
	(void)tfed_register_named(a, "Breaker", "B1");
	b2 = tfed_register_named(a, "Breaker", "B2");
	ck_assert(tfed_wait_n(b, "discover:", 2));
	ck_assert_int_eq(rti_enable_time_regulation(a->amb,
	    rti_time_f64(1)), RTI_OK);
	ck_assert(tfed_wait(a, "regulation:"));
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(2)),
	    RTI_OK);
	ck_assert(tfed_wait(a, "grant:2"));
	/* b constrained, asking for 10: advancing, held by a at 3 */
	ck_assert_int_eq(rti_enable_time_constrained(b->amb), RTI_OK);
	tfed_barrier(b);
	ck_assert_int_eq(rti_time_advance_request(b->amb, rti_time_f64(10)),
	    RTI_OK);
	tfed_barrier(b);
	request_values(m, FED);
	request_values(m, FEDN);
	ia = instance_of(m, "alpha");
	ib = instance_of(m, "beta");
	wait_value(m, ia, "HLAobjectInstancesRegistered", "2");
	wait_value(m, ia, "HLAobjectInstancesDiscovered", "0");
	wait_value(m, ib, "HLAobjectInstancesDiscovered", "2");
	wait_value(m, ib, "HLAobjectInstancesRegistered", "0");
	wait_value(m, ia, "HLAconveyProducingFederate", "\"Enabled\"");
	wait_value(m, ia, "HLAconveyRegionDesignatorSets", "\"Disabled\"");
	ck_assert(tfed_wait(m, "discover:HLAfederation:"));
	fx = strtoull(m->events[tfed_find(m, "discover:HLAfederation:")] +
	    sizeof "discover:HLAfederation", NULL, 10);
	wait_value(m, fx, "HLAautoProvide", "\"Disabled\"");
	(void)h;

	/* librti's figures: asked of each federate's librti, which answers
	 * from its next evoke */
	ck_assert_int_eq(rti_delete_object_instance(a->amb, b2, NULL, 0),
	    RTI_OK);
	ck_assert(tfed_wait(b, "remove:B2"));
	request_values(m, FED);
	tfed_barrier(m);
	tfed_barrier(a);
	tfed_barrier(b);
	wait_value(m, ia, "HLAobjectInstancesDeleted", "1");
	wait_value(m, ia, "HLAobjectInstancesRemoved", "0");
	wait_value(m, ib, "HLAobjectInstancesRemoved", "1");
	wait_value(m, ia, "HLAasynchronousDelivery", "false");
	wait_value(m, ib, "HLAROlength", "0");
	/* b has been advancing all along (held by a at 3): time in that
	 * state counts from the first question on */
	snprintf(prefix, sizeof prefix, "value:%llu:HLAtimeAdvancingTime=",
	    ib);
	n = tfed_count(m, prefix);
	tfed_pump(b, 0.3);
	request_values(m, FED);
	tfed_barrier(m);
	tfed_barrier(b);
	ck_assert(tfed_wait_n(m, prefix, n + 1));
	ms = last(m, prefix);
	ck_assert_msg(ms && atoi(ms) >= 300, "HLAtimeAdvancingTime %s",
	    ms ? ms : "none");
	wait_value(m, ib, "HLAtimeGrantedTime", "0");
	tfed_free(a);
	tfed_free(b);
	tfed_free(m);
}
END_TEST

/* Pump `a` and `b` (whose librti answers rtiexec's question from its
 * evoke) and the monitor until it has `n` events starting with
 * `prefix`. */
static void
wait_answer(struct tfed *m, struct tfed *a, struct tfed *b,
    const char *prefix, size_t n)
{
	double end = tfed_now() + WAIT_S;

	while (tfed_count(m, prefix) < n && tfed_now() < end) {
		tfed_pump(a, 0.01);
		tfed_pump(b, 0.01);
		tfed_pump(m, 0.02);
	}
	if (tfed_count(m, prefix) < n) {
		tfed_dump(m, "monitor");
		ck_abort_msg("no %s (%zu wanted)", prefix, n);
	}
}

/* wait_value for one of librti's figures: `a` and `b` evoked too. */
static void
wait_lib_value(struct tfed *m, struct tfed *a, struct tfed *b,
    unsigned long long obj, const char *attr, const char *want)
{
	char prefix[128];
	double end = tfed_now() + WAIT_S;
	const char *got;

	snprintf(prefix, sizeof prefix, "value:%llu:%s=", obj, attr);
	while (!((got = last(m, prefix)) && strcmp(got, want) == 0) &&
	    tfed_now() < end) {
		tfed_pump(a, 0.01);
		tfed_pump(b, 0.01);
		tfed_pump(m, 0.02);
	}
	expect(m, prefix, want);
}

/* HLAobjectInstancesUpdated and ...Reflected, and their reports: the
 * distinct instances a federate updated (by registered class) and
 * reflected (by the class it knows them as), which only its librti
 * knows. */
START_TEST(test_instance_counts)
{
	struct tfed *m = monitor(), *a, *b;
	struct rti_callbacks cb;
	rti_object_instance_handle b1, b2;
	struct rti_attribute_value v;
	struct rti_bundle_instance in[2];
	unsigned long long ia, ib;
	char want[256], hb[16], he[16];
	size_t n;
	int i;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 1);
	a = tfed_join_f(&rx, &cb, GRID, "alpha");
	b = tfed_join_f(&rx, &cb, GRID, "beta");
	tfed_publish_breaker(a);
	/* b knows Breakers as Equipment (it subscribes to Name there) */
	tfed_subscribe(b, "Equipment", "Name");
	b1 = tfed_register_named(a, "Breaker", "B1");
	b2 = tfed_register_named(a, "Breaker", "B2");
	(void)tfed_register_named(a, "Breaker", "B3");
	ck_assert(tfed_wait_n(b, "discover:", 3));
	request_values(m, FED);
	ia = instance_of(m, "alpha");
	ib = instance_of(m, "beta");
	wait_lib_value(m, a, b, ia, "HLAobjectInstancesUpdated", "0");
	wait_lib_value(m, a, b, ib, "HLAobjectInstancesReflected", "0");

	/* B1 updated three times (twice alone, once in a class bundle with
	 * B2): two instances; B3 never */
	v.attribute = tfed_attr(a, "Breaker", "Name");
	v.value = "\0\0\0\0";
	v.length = 4;
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(rti_update_attribute_values(a->amb, b1, &v, 1,
		    NULL, 0), RTI_OK);
	in[0].object = b1;
	in[1].object = b2;
	for (i = 0; i < 2; i++) {
		in[i].values = &v;
		in[i].n_values = 1;
		in[i].condition = NULL;
	}
	ck_assert_int_eq(rti_update_class_attribute_values(a->amb,
	    tfed_oc(a, "Breaker"), in, 2, NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	ck_assert(tfed_wait_n(b, "binst:", 4));

	hjson(tfed_oc(m, "Breaker").id, hb);
	hjson(tfed_oc(m, "Equipment").id, he);
	n = tfed_count(m, "report:HLAreportObjectInstancesUpdated");
	mom_send(m, "HLArequest.HLArequestObjectInstancesUpdated",
	    "HLAfederate", hjson(a->handle.id, want), NULL);
	wait_answer(m, a, b, "report:HLAreportObjectInstancesUpdated", n + 1);
	expect(m, "param:HLAreportObjectInstancesUpdated:HLAfederate=",
	    hjson(a->handle.id, want));
	snprintf(want, sizeof want, "[{\"HLAobjectClass\":%s,"
	    "\"HLAcount\":2}]", hb);
	expect(m, "param:HLAreportObjectInstancesUpdated:"
	    "HLAobjectInstanceCounts=", want);
	n = tfed_count(m, "report:HLAreportObjectInstancesReflected");
	mom_send(m, "HLArequest.HLArequestObjectInstancesReflected",
	    "HLAfederate", hjson(b->handle.id, want), NULL);
	wait_answer(m, a, b, "report:HLAreportObjectInstancesReflected",
	    n + 1);
	expect(m, "param:HLAreportObjectInstancesReflected:HLAfederate=",
	    hjson(b->handle.id, want));
	snprintf(want, sizeof want, "[{\"HLAobjectClass\":%s,"
	    "\"HLAcount\":2}]", he);
	expect(m, "param:HLAreportObjectInstancesReflected:"
	    "HLAobjectInstanceCounts=", want);
	/* a reflected nothing: an empty list */
	mom_send(m, "HLArequest.HLArequestObjectInstancesReflected",
	    "HLAfederate", hjson(a->handle.id, want), NULL);
	wait_answer(m, a, b, "report:HLAreportObjectInstancesReflected",
	    n + 2);
	expect(m, "param:HLAreportObjectInstancesReflected:"
	    "HLAobjectInstanceCounts=", "[]");

	/* the attributes: the totals */
	request_values(m, FED);
	wait_lib_value(m, a, b, ia, "HLAobjectInstancesUpdated", "2");
	wait_lib_value(m, a, b, ia, "HLAobjectInstancesReflected", "0");
	wait_lib_value(m, a, b, ib, "HLAobjectInstancesReflected", "2");
	wait_lib_value(m, a, b, ib, "HLAobjectInstancesUpdated", "0");
	tfed_free(a);
	tfed_free(b);
	tfed_free(m);
}
END_TEST

/* HLAcurrentFDD: the federation's merged model as one document, grown
 * by a join's modules. */
START_TEST(test_current_fdd)
{
	struct tfed *m = monitor(), *a = tfed_new(&rx);
	const char *mods[1] = { TEST_DATA("fom/join-extra.xml") };
	char prefix[128];
	unsigned long long fx;
	const char *fdd;
	size_t n;

	ck_assert(tfed_wait(m, "discover:HLAfederation:"));
	fx = strtoull(m->events[tfed_find(m, "discover:HLAfederation:")] +
	    sizeof "discover:HLAfederation", NULL, 10);
	snprintf(prefix, sizeof prefix, "value:%llu:HLAcurrentFDD=", fx);
	/* not sent unasked (a join reflects HLAfederatesInFederation) */
	ck_assert_uint_eq(tfed_count(m, prefix), 0);
	request_values(m, FEDN);
	ck_assert(tfed_wait_n(m, prefix, 1));
	fdd = last(m, prefix);
	text_has(fdd, "<objectModel xmlns=");
	text_has(fdd, "<name>Breaker</name>");
	text_has(fdd, "<attribute><name>Status</name><dataType>BreakerState"
	    "</dataType>");
	text_has(fdd, "<name>HLAreportObjectInstancesReflected</name>");
	ck_assert_ptr_null(strstr(fdd, "<name>Meter</name>"));

	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(rti_join_federation_execution_with_modules(a->amb,
	    "alpha", "test", "F", mods, 1, &a->handle), RTI_OK);
	n = tfed_count(m, prefix);
	request_values(m, FEDN);
	ck_assert(tfed_wait_n(m, prefix, n + 1));
	text_has(last(m, prefix), "<name>Meter</name>");
	text_has(last(m, prefix), "<name>Breaker</name>");
	tfed_free(a);
	tfed_free(m);
}
END_TEST

static Suite *
suite(void)
{
	const struct {
		const char *name;
		const TTest *fn;
	} tests[] = {
		{ "mim", test_mim_everywhere },
		{ "lifecycle", test_join_step_resign },
		{ "modules", test_module_lists },
		{ "reports", test_reports },
		{ "evict", test_evict },
		{ "exceptions", test_exception_reporting },
		{ "bad", test_bad_interactions },
		{ "services", test_service_reporting },
		{ "services_tso", test_service_reporting_tso },
		{ "lost", test_federate_lost },
		{ "lost_heartbeat", test_federate_lost_heartbeat },
		{ "module_data", test_module_data },
		{ "attributes", test_more_attributes },
		{ "instance_counts", test_instance_counts },
		{ "current_fdd", test_current_fdd },
	};
	Suite *s = suite_create("mom");
	size_t i;

	/* one case each: CK_RUN_CASE=reports runs one */
	for (i = 0; i < sizeof tests / sizeof tests[0]; i++) {
		TCase *tc = tcase_create(tests[i].name);

		tcase_add_checked_fixture(tc, setup, teardown);
		tcase_set_timeout(tc, 60);
		tcase_add_test(tc, tests[i].fn);
		suite_add_tcase(s, tc);
	}
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
