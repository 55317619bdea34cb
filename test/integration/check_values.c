/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_values.c - typed values end to end (librti-values(3)): a real
 * rtiexec, two federates joined to a federation of Grid.xml and
 * test/data/fom/recorder.xml.  One sends a BayMeasurement (Grid.xml's
 * record) and a list of them encoded from JSON with rti_encode_json, and
 * an interaction whose enumeration and string come from JSON too; the
 * other decodes the reflected bytes with rti_decode_attribute(_json) and
 * rti_decode_parameter_json and gets the same JSON and values.  The
 * datatype lookups' errors, decode errors with their offset, encode
 * errors with their path, and calls before joining.  And the samples: a
 * tap federate subscribes to every class of Grid.xml while the
 * substation, grid, console and instructor samples run their scenario,
 * and decodes every value they send by its datatype.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")
#define RECORDER TEST_DATA("fom/recorder.xml")

/* What A sends, in the canonical form rti_decode_json writes. */
#define SAMPLE "{\"Time\":1.5,\"Voltage\":[110.25,109.5,-0.0],\"Current\":" \
    "[100,200.125,\"Infinity\"],\"Frequency\":49.95,\"Breaker\":\"Closed\"}"
#define SAMPLE2 "{\"Time\":2,\"Voltage\":[31,57,82],\"Current\":" \
    "[2700,1100,500],\"Frequency\":50.5,\"Breaker\":\"Open\"}"
#define HISTORY "[" SAMPLE "," SAMPLE2 "]"

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

/* Reflections: each value decoded to JSON, "value:Attr:JSON", or
 * "error:Attr:CODE:message". */
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
		int rc;
		rti_get_attribute_name(t->amb, cls, v[i].attribute, &name);
		rc = rti_decode_attribute_json(t->amb, v[i].attribute,
		    v[i].value, v[i].length, &json);
		if (rc == RTI_OK)
			tfed_event(t, "value:%s:%s", name, json);
		else
			tfed_event(t, "error:%s:%s:%s", name, rti_err_name(rc),
			    rti_error_message(t->amb));
		rti_free(json);
		if (v[i].length <= sizeof(t->last_value)) {
			memcpy(t->last_value, v[i].value, v[i].length);
			t->last_value_len = v[i].length;
		}
	}
}

static void
cb_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	for (i = 0; i < n; i++) {
		const char *name = "?";
		char *json = NULL;
		int rc;
		rti_get_parameter_name(t->amb, cls, v[i].parameter, &name);
		rc = rti_decode_parameter_json(t->amb, v[i].parameter,
		    v[i].value, v[i].length, &json);
		if (rc == RTI_OK)
			tfed_event(t, "param:%s:%s", name, json);
		else
			tfed_event(t, "error:%s:%s", name,
			    rti_error_message(t->amb));
		rti_free(json);
	}
}

static struct tfed *
fed(const char *name)
{
	struct rti_callbacks cb;
	struct tfed *t = calloc(1, sizeof(*t));
	const char *mods[2] = { GRID, RECORDER };
	int rc;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = cb_reflect;
	cb.receive_interaction = cb_interaction;
	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	rc = rti_create_federation_execution(t->amb, "V", mods, 2, NULL);
	ck_assert(rc == RTI_OK ||
	    rc == RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS);
	tfed_track(t);
	ck_assert_int_eq(rti_join_federation_execution(t->amb, name, "test",
	    "V", &t->handle), RTI_OK);
	return t;
}

/* The JSON value recorded for attribute `attr` by the last reflection. */
static const char *
value_of(struct tfed *t, const char *attr)
{
	char prefix[64];
	size_t i, n;

	n = (size_t)snprintf(prefix, sizeof(prefix), "value:%s:", attr);
	for (i = t->n_events; i-- > 0;)
		if (strncmp(t->events[i], prefix, n) == 0)
			return t->events[i] + n;
	tfed_dump(t, "receiver");
	ck_abort_msg("no value of %s", attr);
	return NULL;
}

START_TEST(test_record_end_to_end)
{
	struct tfed *a = fed("A"), *b = fed("B");
	rti_object_class_handle rec = tfed_oc(a, "Recorder");
	rti_attribute_handle at[2] = { tfed_at(a, rec, "Sample"),
	    tfed_at(a, rec, "History") };
	rti_datatype_handle dt;
	struct rti_attribute_value av[2];
	uint8_t sample[68], history[256];
	size_t slen, hlen;
	rti_object_instance_handle obj;
	rti_value *v;
	const char *s;

	/* hand-written: BayMeasurement {Time 1.5, Voltage [110.25, 109.5,
	 * -0], Current [100, 200.125, +inf], Frequency 49.95, Closed} */
	static const uint8_t want[68] = {
		0x3f, 0xf8, 0, 0, 0, 0, 0, 0,
		0x40, 0x5b, 0x90, 0, 0, 0, 0, 0,
		0x40, 0x5b, 0x60, 0, 0, 0, 0, 0,
		0x80, 0, 0, 0, 0, 0, 0, 0,
		0x40, 0x59, 0, 0, 0, 0, 0, 0,
		0x40, 0x69, 0x04, 0, 0, 0, 0, 0,
		0x7f, 0xf0, 0, 0, 0, 0, 0, 0,
		0x40, 0x48, 0xf9, 0x99, 0x99, 0x99, 0x99, 0x9a,
		0, 0, 0, 1 };

	ck_assert_int_eq(rti_get_attribute_datatype(a->amb, at[0], &dt),
	    RTI_OK);
	ck_assert_int_eq(rti_get_datatype_name(a->amb, dt, &s), RTI_OK);
	ck_assert_str_eq(s, "BayMeasurement");
	ck_assert_int_eq(rti_encode_json(a->amb, dt, SAMPLE, sample,
	    sizeof(sample), &slen), RTI_OK);
	ck_assert_uint_eq(slen, 68);
	ck_assert(memcmp(sample, want, 68) == 0);
	ck_assert_int_eq(rti_get_attribute_datatype(a->amb, at[1], &dt),
	    RTI_OK);
	ck_assert_int_eq(rti_encode_json(a->amb, dt, HISTORY, history,
	    sizeof(history), &hlen), RTI_OK);
	/* count, padding to 8, 68 + 4 of padding + 68 */
	ck_assert_uint_eq(hlen, 8 + 72 + 68);
	ck_assert(memcmp(history + 8, want, 68) == 0);

	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, rec, at,
	    2), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(b->amb,
	    tfed_oc(b, "Recorder"), at, 2), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(a->amb, rec, &obj),
	    RTI_OK);
	ck_assert(tfed_wait(b, "discover:"));
	av[0].attribute = at[0];
	av[0].value = sample;
	av[0].length = (uint32_t)slen;
	av[1].attribute = at[1];
	av[1].value = history;
	av[1].length = (uint32_t)hlen;
	ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, av, 2,
	    "t", 1), RTI_OK);
	ck_assert(tfed_wait_n(b, "value:", 2));
	ck_assert_int_lt(tfed_find(b, "error:"), 0);
	ck_assert_str_eq(value_of(b, "Sample"), SAMPLE);
	ck_assert_str_eq(value_of(b, "History"), HISTORY);

	/* the tree of the bytes B received last (History) */
	ck_assert_int_eq(rti_decode_attribute(b->amb, at[1], b->last_value,
	    b->last_value_len, &v), RTI_OK);
	ck_assert_uint_eq(rti_value_count(v), 2);
	ck_assert(rti_value_double(rti_value_field(rti_value_at(v, 1),
	    "Frequency")) == 50.5);
	ck_assert_str_eq(rti_value_enumerator(rti_value_field(rti_value_at(v,
	    1), "Breaker")), "Open");
	ck_assert(rti_value_double(rti_value_at(rti_value_field(
	    rti_value_at(v, 0), "Current"), 1)) == 200.125);
	/* the tree is B's own: it outlives B's federation membership */
	tfed_free(a);
	tfed_free(b);
	ck_assert_str_eq(rti_value_field_name(rti_value_at(v, 0), 4),
	    "Breaker");
	rti_value_free(v);
}
END_TEST

START_TEST(test_interaction_end_to_end)
{
	struct tfed *a = fed("A"), *b = fed("B");
	rti_interaction_class_handle ic = tfed_ic(a, "RecorderTrigger");
	struct rti_parameter_value pv[2];
	rti_parameter_handle p[2];
	rti_datatype_handle dt;
	uint8_t cause[4], note[64];
	size_t clen, nlen;

	ck_assert_int_eq(rti_get_parameter_handle(a->amb, ic, "Cause", &p[0]),
	    RTI_OK);
	ck_assert_int_eq(rti_get_parameter_handle(a->amb, ic, "Note", &p[1]),
	    RTI_OK);
	ck_assert_int_eq(rti_get_parameter_datatype(a->amb, p[0], &dt),
	    RTI_OK);
	ck_assert_int_eq(rti_encode_json(a->amb, dt, "\"PhaseToPhase\"",
	    cause, sizeof(cause), &clen), RTI_OK);
	ck_assert_uint_eq(clen, 4);
	ck_assert(memcmp(cause, "\0\0\0\3", 4) == 0);
	ck_assert_int_eq(rti_get_parameter_datatype(a->amb, p[1], &dt),
	    RTI_OK);
	ck_assert_int_eq(rti_encode_json(a->amb, dt, "\"L1 \\u00e9\"", note,
	    sizeof(note), &nlen), RTI_OK);
	ck_assert_uint_eq(nlen, 4 + 4 * 2);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, ic), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb,
	    tfed_ic(b, "RecorderTrigger")), RTI_OK);
	tfed_barrier(b);
	pv[0].parameter = p[0];
	pv[0].value = cause;
	pv[0].length = (uint32_t)clen;
	pv[1].parameter = p[1];
	pv[1].value = note;
	pv[1].length = (uint32_t)nlen;
	ck_assert_int_eq(rti_send_interaction(a->amb, ic, pv, 2, "", 0),
	    RTI_OK);
	ck_assert(tfed_wait_n(b, "param:", 2));
	ck_assert_int_ge(tfed_find(b, "param:Cause:\"PhaseToPhase\""), 0);
	ck_assert_int_ge(tfed_find(b, "param:Note:\"L1 \xc3\xa9\""), 0);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_errors)
{
	struct tfed *a = fed("A");
	rti_object_class_handle rec = tfed_oc(a, "Recorder");
	rti_attribute_handle legacy = tfed_at(a, rec, "Legacy"),
	    sample = tfed_at(a, rec, "Sample"), bogus = { 99999 };
	rti_datatype_handle dt, none = { 0 };
	rti_ambassador *lone;
	uint8_t buf[68];
	size_t len;
	rti_value *v = (void *)1;
	char *json = (void *)1;

	/* opaque attributes and unknown handles */
	ck_assert_int_eq(rti_get_attribute_datatype(a->amb, legacy, &dt),
	    RTI_ERR_DATATYPE_NOT_DEFINED);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "attribute 'Legacy' has datatype 'double', which no module "
	    "defines"));
	ck_assert_int_eq(rti_decode_attribute(a->amb, legacy, "x", 1, &v),
	    RTI_ERR_DATATYPE_NOT_DEFINED);
	ck_assert_ptr_eq(v, (void *)1);  /* left as it was */
	ck_assert_int_eq(rti_get_attribute_datatype(a->amb, bogus, &dt),
	    RTI_ERR_INVALID_ATTRIBUTE_HANDLE);
	ck_assert_int_eq(rti_get_datatype_handle(a->amb, "NoSuchType", &dt),
	    RTI_ERR_NAME_NOT_FOUND);
	ck_assert_int_eq(rti_decode_json(a->amb, none, "", 0, &json),
	    RTI_ERR_DATATYPE_NOT_DEFINED);
	ck_assert_ptr_eq(json, (void *)1);

	/* decode errors name the offset */
	ck_assert_int_eq(rti_get_datatype_handle(a->amb, "BayMeasurement",
	    &dt), RTI_OK);
	memset(buf, 0, sizeof(buf));
	buf[67] = 9;
	ck_assert_int_eq(rti_decode_attribute(a->amb, sample, buf, 68, &v),
	    RTI_ERR_DECODER_ERROR);
	ck_assert_str_eq(rti_error_message(a->amb), "offset 64 ($.Breaker): "
	    "9 is not a value of an enumerator of BreakerState");
	ck_assert_int_eq(rti_decode_value(a->amb, dt, buf, 67, &v),
	    RTI_ERR_DECODER_ERROR);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "offset 64 ($.Breaker): BreakerState needs 4 octets, 3 left"));

	/* encode errors name the path; a small buffer the size needed */
	ck_assert_int_eq(rti_encode_json(a->amb, dt, "{\"Time\":1,\"Voltage\":"
	    "[1,2,\"x\"]}", buf, sizeof(buf), &len), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "$.Voltage[2]: expected a number for Kilovolts, got a string"));
	ck_assert_int_eq(rti_encode_json(a->amb, dt, SAMPLE, buf, 10, &len),
	    RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_uint_eq(len, 68);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "takes 68 octets, the buffer holds 10"));
	ck_assert_int_eq(rti_value_from_json(a->amb, dt, "{}", &v),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "missing field 'Time' of BayMeasurement"));
	ck_assert_int_eq(rti_value_from_json(a->amb, dt, SAMPLE, &v), RTI_OK);
	ck_assert_int_eq(rti_encode_value(a->amb, dt, v, buf, sizeof(buf),
	    &len), RTI_OK);
	ck_assert_int_eq(rti_value_to_json(v, &json), RTI_OK);
	ck_assert_str_eq(json, SAMPLE);
	rti_free(json);
	rti_value_free(v);

	/* not joined */
	lone = rti_ambassador_new();
	ck_assert_int_eq(rti_get_datatype_handle(lone, "HLAboolean", &dt),
	    RTI_ERR_NOT_CONNECTED);
	ck_assert_int_eq(rti_connect(lone, rx.url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_decode_attribute(lone, sample, buf, 68, &v),
	    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	rti_ambassador_free(lone);
	tfed_free(a);
}
END_TEST

/* rti_free frees everything librti hands out: a decoded tree (its nodes
 * lie in an arena: free() of its root was glibc's "double free or
 * corruption"), a tree parsed from JSON, a built one, JSON text; it
 * refuses a child, which its root frees, and rti_value_free refuses JSON
 * text.  Nothing leaks (the sanitizer and valgrind runs check). */
START_TEST(test_one_free)
{
	struct tfed *a = fed("A");
	rti_datatype_handle dt;
	rti_value *v, *arr, *child;
	uint8_t buf[68];
	size_t len;
	char *json;

	ck_assert_int_eq(rti_get_datatype_handle(a->amb, "BayMeasurement",
	    &dt), RTI_OK);
	ck_assert_int_eq(rti_encode_json(a->amb, dt, SAMPLE, buf, sizeof(buf),
	    &len), RTI_OK);
	ck_assert_int_eq(rti_decode_value(a->amb, dt, buf, len, &v), RTI_OK);
	child = rti_value_field(v, "Voltage");
	ck_assert_ptr_nonnull(child);
	ck_assert_int_eq(rti_free(child), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_free(v), RTI_OK);

	ck_assert_int_eq(rti_value_from_json(a->amb, dt, SAMPLE, &v), RTI_OK);
	ck_assert_int_eq(rti_free(v), RTI_OK);

	arr = rti_value_new_array();
	child = rti_value_new_int(7);
	ck_assert_int_eq(rti_value_append(arr, child), RTI_OK);
	ck_assert_int_eq(rti_free(child), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_free(arr), RTI_OK);
	ck_assert_int_eq(rti_free(rti_value_new_string("substation", 10)),
	    RTI_OK);

	ck_assert_int_eq(rti_decode_json(a->amb, dt, buf, len, &json),
	    RTI_OK);
	rti_value_free((rti_value *)(void *)json);  /* not a tree: kept */
	ck_assert_str_eq(json, SAMPLE);
	ck_assert_int_eq(rti_free(json), RTI_OK);
	v = rti_value_new_bool(1);
	ck_assert_int_eq(rti_value_to_json(v, &json), RTI_OK);
	ck_assert_str_eq(json, "true");
	ck_assert_int_eq(rti_free(json), RTI_OK);
	ck_assert_int_eq(rti_free(v), RTI_OK);
	ck_assert_int_eq(rti_free(NULL), RTI_OK);
	tfed_free(a);
}
END_TEST


/* ---- the samples' traffic, decoded by Grid.xml ---- */

struct tap {
	struct tfed *t;
	size_t values, errors;
	char first_error[600];
	size_t ops, kinds;      /* Switching.Operation, Fault.FaultType */
};

/* Count one value decoded by the datatype of attribute or parameter h
 * (`param`), remembering the first error. */
static void
tap_value(struct tap *p, int param, uint32_t h, const char *what,
    const void *bytes, uint32_t len)
{
	rti_value *v = NULL;
	int rc;

	if (param) {
		rti_parameter_handle ph = { h };
		rc = rti_decode_parameter(p->t->amb, ph, bytes, len, &v);
	} else {
		rti_attribute_handle ah = { h };
		rc = rti_decode_attribute(p->t->amb, ah, bytes, len, &v);
	}
	p->values++;
	if (rc != RTI_OK) {
		if (p->errors++ == 0)
			snprintf(p->first_error, sizeof(p->first_error),
			    "%s: %s: %s", what, rti_err_name(rc),
			    rti_error_message(p->t->amb));
		return;
	}
	if (strcmp(what, "Operation") == 0 &&
	    rti_value_kind(v) == RTI_VALUE_ENUMERATOR)
		p->ops++;
	if (strcmp(what, "FaultType") == 0 && rti_value_enumerator(v) &&
	    strcmp(rti_value_enumerator(v), "ThreePhase") == 0)
		p->kinds++;
	rti_value_free(v);
}

static void
tap_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tap *p = ((struct tfed *)arg)->user;
	rti_object_class_handle cls;
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	if (rti_get_known_object_class_handle(p->t->amb, obj, &cls) !=
	    RTI_OK)
		cls.id = 0;
	for (i = 0; i < n; i++) {
		const char *name = "?";
		rti_get_attribute_name(p->t->amb, cls, v[i].attribute, &name);
		tap_value(p, 0, v[i].attribute.id, name, v[i].value,
		    v[i].length);
	}
}

static void
tap_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tap *p = ((struct tfed *)arg)->user;
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	for (i = 0; i < n; i++) {
		const char *name = "?";
		rti_get_parameter_name(p->t->amb, cls, v[i].parameter, &name);
		tap_value(p, 1, v[i].parameter.id, name, v[i].value,
		    v[i].length);
	}
}

static void
tap_announce(void *arg, const char *label, const void *tag, size_t len)
{
	struct tfed *t = arg;

	(void)tag;
	(void)len;
	ck_assert_int_eq(rti_synchronization_point_achieved(t->amb, label, 1),
	    RTI_OK);
}

static pid_t
spawn(const char *prog, const char *const *args)
{
	const char *argv[24];
	pid_t pid;
	size_t n = 0;

	argv[n++] = prog;
	while (*args && n < 23)
		argv[n++] = *args++;
	argv[n] = NULL;
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);
		if (fd >= 0) {
			dup2(fd, 1);
			close(fd);
		}
		execv(prog, (char *const *)argv);
		_exit(127);
	}
	return pid;
}

START_TEST(test_samples_decode)
{
	static const char *const classes[][8] = {
		{ "Bus", "Name", "Substation", "Voltage", "Angle", NULL },
		{ "Breaker", "Name", "Substation", "Status", "Current", NULL },
		{ "Line", "Name", "Substation", "ActivePower", "ReactivePower",
		    "Current", "ToSubstation", NULL },
		{ "Transformer", "Name", "Substation", "TapPosition",
		    "ActivePower", "ReactivePower", NULL },
		{ "Substation", "Name", "Grid", "Frequency", "TotalLoad",
		    NULL },
	};
	static const char *const interactions[] = { "Switching",
	    "ProtectionTrip", "Fault", "Alarm" };
	struct rti_callbacks cb;
	struct tap p;
	struct tfed *t = calloc(1, sizeof(*t));
	const char *sub = TOP_BUILDDIR "/samples/substation",
	    *grid = TOP_BUILDDIR "/samples/grid",
	    *con = TOP_BUILDDIR "/samples/console",
	    *ins = TOP_BUILDDIR "/samples/instructor";
	const char *common[] = { "--url", rx.url, "--fom", GRID, "--peers",
	    "5", "--duration", "3", "--timeout", "30" };
	pid_t pids[4];
	int done = 0, k, status;
	size_t i, j;

	memset(&p, 0, sizeof(p));
	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = tap_reflect;
	cb.receive_interaction = tap_interaction;
	cb.announce_synchronization_point = tap_announce;
	ck_assert_ptr_nonnull(t);
	t->user = &p;
	p.t = t;
	t->amb = rti_ambassador_new();
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	ck_assert_int_eq(tfed_create_join(t, "Grid", GRID, "tap"), RTI_OK);
	for (i = 0; i < sizeof(classes) / sizeof(classes[0]); i++) {
		rti_object_class_handle c = tfed_oc(t, classes[i][0]);
		rti_attribute_handle at[8];
		for (j = 0; classes[i][j + 1]; j++)
			at[j] = tfed_at(t, c, classes[i][j + 1]);
		ck_assert_int_eq(rti_subscribe_object_class_attributes(t->amb,
		    c, at, j), RTI_OK);
	}
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(rti_subscribe_interaction_class(t->amb,
		    tfed_ic(t, interactions[i])), RTI_OK);

#define ARGS(...) ((const char *const []){ __VA_ARGS__, common[0],       \
	common[1], common[2], common[3], common[4], common[5], common[6], \
	common[7], common[8], common[9], NULL })
	pids[0] = spawn(sub, ARGS("--name", "sub-north", "--grid", "north",
	    "--first", "1", "--substations", "3"));
	pids[1] = spawn(grid, ARGS("--name", "grid"));
	pids[2] = spawn(con, ARGS("--name", "console-S2", "--grid", "north",
	    "--substation", "S2"));
	/* The scenario without save and restore: the tap federate does not
	 * answer a save. */
	pids[3] = spawn(ins, ARGS("--name", "instructor", "--script",
	    "1.0:fault:S2:L1;1.8:close:S2:B1;2.2:open:S5:B2"));
#undef ARGS
	{
		double deadline = tfed_now() + 60;
		while (done < 4 && tfed_now() < deadline) {
			int pending;
			ck_assert_int_eq(rti_evoke_callbacks(t->amb, 0.05, 0.1,
			    &pending), RTI_OK);
			for (k = 0; k < 4; k++) {
				if (pids[k] <= 0 ||
				    waitpid(pids[k], &status, WNOHANG) !=
				    pids[k])
					continue;
				ck_assert_msg(WIFEXITED(status) &&
				    WEXITSTATUS(status) == 0, "sample %d "
				    "failed: status %d", k, status);
				pids[k] = 0;
				done++;
			}
		}
		for (k = 0; k < 4; k++)
			if (pids[k] > 0) {
				kill(pids[k], SIGKILL);
				waitpid(pids[k], &status, 0);
			}
	}
	ck_assert_int_eq(done, 4);
	ck_assert_msg(p.errors == 0, "%zu of %zu values do not decode; the "
	    "first: %s", p.errors, p.values, p.first_error);
	/* 3 substations x 10 instances x ~150 steps: thousands of values */
	ck_assert_uint_gt(p.values, 1000);
	/* the instructor's scenario: a fault on S2's L1, the close of S2's
	 * B1 and the open of S5's B2, each sent as Grid.xml's enumeration */
	ck_assert_uint_ge(p.ops, 1);
	ck_assert_uint_ge(p.kinds, 1);
	tfed_free(t);
}
END_TEST

static Suite *
values_suite(void)
{
	Suite *s = suite_create("values");
	TCase *tc = tcase_create("values");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_record_end_to_end);
	tcase_add_test(tc, test_interaction_end_to_end);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_one_free);
	tcase_add_test(tc, test_samples_decode);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(values_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
