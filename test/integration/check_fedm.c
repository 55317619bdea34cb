/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_fedm.c - federation management against a real rtiexec: create,
 * destroy, list, join, resign, synchronization points, lookups, dropped
 * connections, authentication and protocol abuse.
 */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")
#define HELLO TEST_FOM("HelloWorld.xml")

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

START_TEST(test_create_destroy)
{
	struct tfed *a = tfed_new(&rx);
	const char *grid[] = { GRID };
	const char *missing[] = { "no-such-module.xml" };
	const char *byname[] = { "Grid.xml" };

	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", grid, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", grid, 1,
	    NULL), RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "G", missing,
	    1, NULL), RTI_ERR_COULD_NOT_OPEN_FDD);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "no-such-module.xml"));
	/* A bare name is resolved in rtiexec's FOM path. */
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "H", byname,
	    1, "HLAinteger64Time"), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "I", grid, 1,
	    "HLAquantumTime"), RTI_ERR_COULD_NOT_CREATE_LOGICAL_TIME_FACTORY);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "", grid, 1,
	    NULL), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, NULL, grid,
	    1, NULL), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_OK);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "H"),
	    RTI_OK);
	/* The failed creations left nothing behind. */
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "G"),
	    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "I"),
	    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST);
	tfed_free(a);
}
END_TEST

static const char *
write_tmp(const char *name, const char *text)
{
	static char path[8][256];
	static int k;
	FILE *fp;
	char *p = path[k++ % 8];

	snprintf(p, 256, "%s/%s", rx.dir, name);
	fp = fopen(p, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
	return p;
}

START_TEST(test_create_bad_fom)
{
	struct tfed *a = tfed_new(&rx);
	const char *bad[1], *pair[2];

	ck_assert_ptr_nonnull(a);
	bad[0] = write_tmp("broken.xml", "<objectModel><objects>\n<oops>");
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", bad, 1,
	    NULL), RTI_ERR_ERROR_READING_FDD);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "broken.xml"));
	/* Two modules that define the same class differently. */
	pair[0] = write_tmp("m1.xml",
	    "<objectModel><objects><objectClass><name>HLAobjectRoot</name>"
	    "<objectClass><name>A</name><attribute><name>x</name>"
	    "</attribute></objectClass></objectClass></objects>"
	    "</objectModel>");
	pair[1] = write_tmp("m2.xml",
	    "<objectModel><objects><objectClass><name>HLAobjectRoot</name>"
	    "<objectClass><name>A</name><attribute><name>y</name>"
	    "</attribute></objectClass></objectClass></objects>"
	    "</objectModel>");
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", pair, 2,
	    NULL), RTI_ERR_INCONSISTENT_FDD);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST);
	tfed_free(a);
}
END_TEST

/*
 * A module may use what an earlier module of the same create defines (here
 * a dimension); a module that needs a later one is refused, as
 * --check-fom refuses it.
 */
START_TEST(test_create_modules_build_in_order)
{
	struct tfed *a = tfed_new(&rx);
	const char *mods[2];
	rti_object_class_handle feeder;
	rti_attribute_handle load;
	rti_dimension_handle region;

	ck_assert_ptr_nonnull(a);
	mods[0] = TEST_DATA("fom/dims-user.xml");
	mods[1] = TEST_DATA("fom/dims-base.xml");
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", mods, 2,
	    NULL), RTI_ERR_ERROR_READING_FDD);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "dims-user.xml:16: unknown dimension 'Region'"));
	mods[0] = TEST_DATA("fom/dims-base.xml");
	mods[1] = TEST_DATA("fom/dims-user.xml");
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", mods, 2,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "A", "t", "F",
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_get_object_class_handle(a->amb, "Feeder",
	    &feeder), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, feeder, "Load",
	    &load), RTI_OK);
	ck_assert_int_eq(rti_get_dimension_handle(a->amb, "Region", &region),
	    RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_OK);
	tfed_free(a);
}
END_TEST

/*
 * A call that fails has no effect, on its outputs too: each service with
 * an output, made to fail, leaves a sentinel where it was (a failed name
 * lookup used to clear the handle).
 */
START_TEST(test_failed_calls_leave_outputs)
{
	struct tfed *a = tfed_new(&rx), *n = tfed_new(&rx);
	rti_object_class_handle oc = { 0xdead }, br;
	rti_attribute_handle at = { 0xdead }, st;
	rti_interaction_class_handle ic = { 0xdead };
	rti_parameter_handle pa = { 0xdead };
	rti_dimension_handle di = { 0xdead }, nodim = { 9999 };
	rti_federate_handle fh = { 0xdead };
	rti_object_instance_handle oi = { 0xdead };
	rti_region_handle rg = { 0xdead };
	rti_datatype_handle dt = { 0xdead };
	rti_message_retraction_handle rh = { 0xdeadbeef };
	rti_time t = rti_time_f64(42.0);
	const char *const sent = "sentinel";
	const char *name = sent;
	uint64_t u = 77, lo = 88, hi = 99;
	int owned = 55, defined = 66;
	rti_value *v = (rti_value *)&u;
	char *json = (char *)&u;
	size_t len = 123;
	struct rti_attribute_value val;

	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	ck_assert_int_eq(rti_get_object_class_handle(a->amb, "Breaker", &br),
	    RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, br, "Status", &st),
	    RTI_OK);
	/* lookups */
	ck_assert_int_eq(rti_get_object_class_handle(a->amb, "Nope", &oc),
	    RTI_ERR_NAME_NOT_FOUND);
	ck_assert_uint_eq(oc.id, 0xdead);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, br, "Nope", &at),
	    RTI_ERR_NAME_NOT_FOUND);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb,
	    (rti_object_class_handle){ 9999 }, "Status", &at),
	    RTI_ERR_INVALID_OBJECT_CLASS_HANDLE);
	ck_assert_uint_eq(at.id, 0xdead);
	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb, "Nope",
	    &ic), RTI_ERR_NAME_NOT_FOUND);
	ck_assert_uint_eq(ic.id, 0xdead);
	ck_assert_int_eq(rti_get_parameter_handle(a->amb,
	    (rti_interaction_class_handle){ 9999 }, "x", &pa),
	    RTI_ERR_INVALID_INTERACTION_CLASS_HANDLE);
	ck_assert_uint_eq(pa.id, 0xdead);
	ck_assert_int_eq(rti_get_dimension_handle(a->amb, "Nope", &di),
	    RTI_ERR_NAME_NOT_FOUND);
	ck_assert_uint_eq(di.id, 0xdead);
	ck_assert_int_ne(rti_get_federate_handle(a->amb, "Nobody", &fh),
	    RTI_OK);
	ck_assert_uint_eq(fh.id, 0xdead);
	ck_assert_int_ne(rti_get_object_instance_handle(a->amb, "Nothing",
	    &oi), RTI_OK);
	ck_assert_uint_eq(oi.id, 0xdead);
	ck_assert_int_ne(rti_get_datatype_handle(a->amb, "Nope", &dt), RTI_OK);
	ck_assert_uint_eq(dt.id, 0xdead);
	ck_assert_int_ne(rti_get_attribute_datatype(a->amb,
	    (rti_attribute_handle){ 9999 }, &dt), RTI_OK);
	ck_assert_uint_eq(dt.id, 0xdead);
	/* names and bounds of handles that do not exist */
	ck_assert_int_ne(rti_get_object_class_name(a->amb,
	    (rti_object_class_handle){ 9999 }, &name), RTI_OK);
	ck_assert_int_ne(rti_get_attribute_name(a->amb, br,
	    (rti_attribute_handle){ 9999 }, &name), RTI_OK);
	ck_assert_int_ne(rti_get_interaction_class_name(a->amb,
	    (rti_interaction_class_handle){ 9999 }, &name), RTI_OK);
	ck_assert_int_ne(rti_get_dimension_name(a->amb, nodim, &name),
	    RTI_OK);
	ck_assert_int_ne(rti_get_federate_name(a->amb,
	    (rti_federate_handle){ 9999 }, &name), RTI_OK);
	ck_assert_int_ne(rti_get_object_instance_name(a->amb,
	    (rti_object_instance_handle){ 9999 }, &name), RTI_OK);
	ck_assert_int_ne(rti_get_datatype_name(a->amb,
	    (rti_datatype_handle){ 99999 }, &name), RTI_OK);
	ck_assert_ptr_eq(name, sent);
	ck_assert_int_ne(rti_get_dimension_upper_bound(a->amb, nodim, &u),
	    RTI_OK);
	ck_assert_uint_eq(u, 77);
	ck_assert_int_ne(rti_get_known_object_class_handle(a->amb,
	    (rti_object_instance_handle){ 9999 }, &oc), RTI_OK);
	ck_assert_uint_eq(oc.id, 0xdead);
	/* object management, ownership, regions */
	ck_assert_int_ne(rti_register_object_instance(a->amb, br, &oi),
	    RTI_OK); /* not published */
	ck_assert_uint_eq(oi.id, 0xdead);
	ck_assert_int_ne(rti_is_attribute_owned_by_federate(a->amb,
	    (rti_object_instance_handle){ 9999 }, st, &owned), RTI_OK);
	ck_assert_int_eq(owned, 55);
	ck_assert_int_ne(rti_create_region(a->amb, &nodim, 1, &rg), RTI_OK);
	ck_assert_uint_eq(rg.id, 0xdead);
	ck_assert_int_ne(rti_get_range_bounds(a->amb,
	    (rti_region_handle){ 9999 }, nodim, &lo, &hi), RTI_OK);
	ck_assert_uint_eq(lo, 88);
	ck_assert_uint_eq(hi, 99);
	val.attribute = st;
	val.value = "x";
	val.length = 1;
	ck_assert_int_ne(rti_update_attribute_values_at(a->amb,
	    (rti_object_instance_handle){ 9999 }, &val, 1, NULL, 0,
	    rti_time_f64(1), &rh), RTI_OK);
	ck_assert_uint_eq(rh.id, 0xdeadbeef);
	/* time queries when not joined */
	ck_assert_ptr_nonnull(n);
	ck_assert_int_ne(rti_query_logical_time(n->amb, &t), RTI_OK);
	ck_assert_int_ne(rti_query_galt(n->amb, &t, &defined), RTI_OK);
	ck_assert_int_ne(rti_query_lookahead(n->amb, &t), RTI_OK);
	ck_assert(t.f64 == 42.0);
	ck_assert_int_eq(defined, 66);
	/* typed values */
	ck_assert_int_eq(rti_get_attribute_datatype(a->amb, st, &dt), RTI_OK);
	ck_assert_int_ne(rti_decode_value(a->amb, dt, "", 0, &v), RTI_OK);
	ck_assert_ptr_eq(v, (rti_value *)&u);
	ck_assert_int_ne(rti_value_from_json(a->amb, dt, "[", &v), RTI_OK);
	ck_assert_ptr_eq(v, (rti_value *)&u);
	ck_assert_int_ne(rti_decode_json(a->amb, dt, "", 0, &json), RTI_OK);
	ck_assert_ptr_eq(json, (char *)&u);
	ck_assert_int_ne(rti_encode_json(a->amb, dt, "{", NULL, 0, &len),
	    RTI_OK);
	ck_assert_uint_eq(len, 123);
	tfed_free(n);
	tfed_free(a);
}
END_TEST

START_TEST(test_join_resign)
{
	struct tfed *a = tfed_new(&rx), *b = tfed_new(&rx);
	rti_federate_handle hb, hc, found;
	const char *name;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "A", "t", "F",
	    NULL), RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST);
	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	ck_assert_uint_ne(a->handle.id, 0);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "A2", "t", "F",
	    NULL), RTI_ERR_FEDERATE_ALREADY_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_join_federation_execution(b->amb, "A", "t", "F",
	    &hb), RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE);
	ck_assert_int_eq(rti_join_federation_execution(b->amb, NULL, "t", "F",
	    &hb), RTI_OK);
	ck_assert_uint_ne(hb.id, a->handle.id);
	ck_assert_int_eq(rti_get_federate_name(a->amb, hb, &name), RTI_OK);
	ck_assert_str_eq(name, "federate-2");
	ck_assert_int_eq(rti_get_federate_handle(b->amb, "A", &found), RTI_OK);
	ck_assert_uint_eq(found.id, a->handle.id);
	ck_assert_int_eq(rti_get_federate_handle(b->amb, "nobody", &found),
	    RTI_ERR_NAME_NOT_FOUND);
	/* Destroy is refused while anyone is joined. */
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_ERR_FEDERATES_CURRENTLY_JOINED);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb, 99),
	    RTI_ERR_INVALID_RESIGN_ACTION);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	/* The name is free again; handles are never reused. */
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "A", "t", "F",
	    &hc), RTI_OK);
	ck_assert_uint_ne(hc.id, a->handle.id);
	ck_assert_uint_ne(hc.id, hb.id);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(b->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert_int_eq(rti_destroy_federation_execution(a->amb, "F"),
	    RTI_OK);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_list)
{
	struct tfed *a = tfed_new(&rx);
	const char *hello[] = { HELLO };

	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "H", hello, 1,
	    "HLAinteger64Time"), RTI_OK);
	ck_assert_int_eq(rti_list_federation_executions(a->amb), RTI_OK);
	ck_assert(tfed_wait(a, "report:2"));
	ck_assert_int_ge(tfed_find(a, "federation:F:HLAfloat64Time:1"), 0);
	ck_assert_int_ge(tfed_find(a, "federation:H:HLAinteger64Time:0"), 0);
	tfed_free(a);
}
END_TEST

START_TEST(test_sync_all)
{
	struct tfed *a = tfed_new(&rx), *b = tfed_new(&rx);
	struct tfed *all[2] = { a, b };

	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	ck_assert_int_eq(tfed_create_join(b, "F", GRID, "B"), RTI_OK);
	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    "Ready", "go", 2, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(a, "syncok:Ready"));
	ck_assert(tfed_wait(a, "announce:Ready:go"));
	ck_assert(tfed_wait(b, "announce:Ready:go"));
	/* A second registration of the same label fails. */
	ck_assert_int_eq(rti_register_federation_synchronization_point(b->amb,
	    "Ready", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(b, "syncfail:Ready:0"));
	ck_assert_int_eq(rti_synchronization_point_achieved(a->amb, "Ready",
	    1), RTI_OK);
	ck_assert_int_eq(rti_synchronization_point_achieved(a->amb, "Ready",
	    1), RTI_ERR_SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED);
	tfed_pump(a, 0.1);
	ck_assert_int_lt(tfed_find(a, "synchronized:"), 0);
	ck_assert_int_eq(rti_synchronization_point_achieved(b->amb, "Ready",
	    0), RTI_OK);
	ck_assert(tfed_wait_all(all, 2, a, "synchronized:Ready:1"));
	ck_assert(tfed_wait_all(all, 2, b, "synchronized:Ready:1"));
	ck_assert_int_eq(rti_synchronization_point_achieved(b->amb, "Nope",
	    1), RTI_ERR_SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_sync_set)
{
	struct tfed *a = tfed_new(&rx), *b = tfed_new(&rx),
	    *c = tfed_new(&rx);
	rti_federate_handle set[2], bogus[1] = { { 999 } };

	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	ck_assert_int_eq(tfed_create_join(b, "F", GRID, "B"), RTI_OK);
	ck_assert_int_eq(tfed_create_join(c, "F", GRID, "C"), RTI_OK);
	set[0] = a->handle;
	set[1] = b->handle;
	ck_assert_int_eq(rti_register_federation_synchronization_point(c->amb,
	    "Pair", NULL, 0, set, 2), RTI_OK);
	ck_assert(tfed_wait(c, "syncok:Pair"));
	ck_assert(tfed_wait(a, "announce:Pair"));
	ck_assert(tfed_wait(b, "announce:Pair"));
	tfed_pump(c, 0.1);
	ck_assert_int_lt(tfed_find(c, "announce:Pair"), 0);
	ck_assert_int_eq(rti_synchronization_point_achieved(c->amb, "Pair",
	    1), RTI_ERR_SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED);
	ck_assert_int_eq(rti_register_federation_synchronization_point(c->amb,
	    "Ghost", NULL, 0, bogus, 1), RTI_OK);
	ck_assert(tfed_wait(c, "syncfail:Ghost:1"));
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

START_TEST(test_lookups)
{
	struct tfed *a = tfed_new(&rx);
	rti_object_class_handle breaker, equipment;
	rti_attribute_handle status, name_attr, name_attr2;
	rti_interaction_class_handle sw;
	rti_parameter_handle op;
	rti_dimension_handle dim;
	uint64_t ub;
	const char *s;

	ck_assert_int_eq(rti_get_object_class_handle(a->amb, "Equipment",
	    &equipment), RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	ck_assert_int_eq(rti_get_object_class_handle(a->amb,
	    "HLAobjectRoot.Equipment.Breaker", &breaker), RTI_OK);
	ck_assert_int_eq(rti_get_object_class_handle(a->amb, "Equipment",
	    &equipment), RTI_OK);
	ck_assert_uint_ne(breaker.id, equipment.id);
	ck_assert_int_eq(rti_get_object_class_name(a->amb, breaker, &s),
	    RTI_OK);
	ck_assert_str_eq(s, "HLAobjectRoot.Equipment.Breaker");
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, breaker, "Status",
	    &status), RTI_OK);
	/* Inherited attributes keep their handle in subclasses. */
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, breaker, "Name",
	    &name_attr), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, equipment, "Name",
	    &name_attr2), RTI_OK);
	ck_assert_uint_eq(name_attr.id, name_attr2.id);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, equipment, "Status",
	    &status), RTI_ERR_NAME_NOT_FOUND);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, breaker, "Status",
	    &status), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_name(a->amb, breaker, status, &s),
	    RTI_OK);
	ck_assert_str_eq(s, "Status");
	ck_assert_int_eq(rti_get_attribute_name(a->amb, equipment, status,
	    &s), RTI_ERR_INVALID_ATTRIBUTE_HANDLE);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, breaker,
	    "HLAprivilegeToDeleteObject", &status), RTI_OK);
	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "GridEvent.Switching", &sw), RTI_OK);
	ck_assert_int_eq(rti_get_parameter_handle(a->amb, sw, "Operation",
	    &op), RTI_OK);
	ck_assert_int_eq(rti_get_parameter_name(a->amb, sw, op, &s), RTI_OK);
	ck_assert_str_eq(s, "Operation");
	ck_assert_int_eq(rti_get_parameter_handle(a->amb, sw, "Substation",
	    &op), RTI_OK);
	ck_assert_int_eq(rti_get_interaction_class_name(a->amb, sw, &s),
	    RTI_OK);
	ck_assert_str_eq(s, "HLAinteractionRoot.GridEvent.Switching");
	ck_assert_int_eq(rti_get_dimension_handle(a->amb, "Substation", &dim),
	    RTI_OK);
	ck_assert_int_eq(rti_get_dimension_upper_bound(a->amb, dim, &ub),
	    RTI_OK);
	ck_assert_uint_eq(ub, 4096);
	ck_assert_int_eq(rti_get_dimension_name(a->amb, dim, &s), RTI_OK);
	ck_assert_str_eq(s, "Substation");
	ck_assert_int_eq(rti_get_object_class_handle(a->amb, "Nope", &breaker),
	    RTI_ERR_NAME_NOT_FOUND);
	breaker.id = 12345;
	ck_assert_int_eq(rti_get_object_class_name(a->amb, breaker, &s),
	    RTI_ERR_INVALID_OBJECT_CLASS_HANDLE);
	ck_assert_int_eq(rti_get_object_class_name(a->amb, breaker, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	dim.id = 0;
	ck_assert_int_eq(rti_get_dimension_name(a->amb, dim, &s),
	    RTI_ERR_INVALID_DIMENSION_HANDLE);
	tfed_free(a);
}
END_TEST

/* A federate process killed with SIGKILL while holding up a
 * synchronization point: it is resigned, the point completes for the
 * others, and its name becomes free. */
START_TEST(test_killed_federate)
{
	struct tfed *a = tfed_new(&rx), *c;
	int pipefd[2];
	pid_t pid;
	char ch;

	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	ck_assert_int_eq(pipe(pipefd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct tfed *k = tfed_new(&rx);

		if (!k || tfed_create_join(k, "F", GRID, "Doomed") != RTI_OK)
			_exit(1);
		if (write(pipefd[1], "j", 1) != 1)
			_exit(1);
		for (;;)
			rti_evoke_callbacks(k->amb, 1.0, 1.0, NULL);
	}
	ck_assert_int_eq(read(pipefd[0], &ch, 1), 1);
	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    "Hold", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(a, "announce:Hold"));
	ck_assert_int_eq(rti_synchronization_point_achieved(a->amb, "Hold",
	    1), RTI_OK);
	tfed_pump(a, 0.1);
	ck_assert_int_lt(tfed_find(a, "synchronized:Hold"), 0);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	ck_assert(tfed_wait(a, "synchronized:Hold:0"));
	ck_assert(rtiexec_alive(&rx));
	c = tfed_new(&rx);
	ck_assert_int_eq(tfed_create_join(c, "F", GRID, "Doomed"), RTI_OK);
	close(pipefd[0]);
	close(pipefd[1]);
	tfed_free(c);
	tfed_free(a);
}
END_TEST

START_TEST(test_not_connected)
{
	rti_ambassador *amb = rti_ambassador_new();
	const char *grid[] = { GRID };
	char url[64];

	ck_assert_ptr_nonnull(amb);
	ck_assert_int_eq(rti_create_federation_execution(amb, "F", grid, 1,
	    NULL), RTI_ERR_NOT_CONNECTED);
	ck_assert_int_eq(rti_get_fd(amb), -1);
	ck_assert_int_eq(rti_connect(amb, "tcp://127.0.0.1:notaport", NULL,
	    NULL), RTI_ERR_INVALID_LOCAL_SETTINGS_DESIGNATOR);
	ck_assert_int_eq(rti_connect(amb, "tcp://:1", NULL, NULL),
	    RTI_ERR_INVALID_LOCAL_SETTINGS_DESIGNATOR);
	/* Port 1 on loopback: nothing listens there. */
	ck_assert_int_eq(rti_connect(amb, "127.0.0.1:1", NULL, NULL),
	    RTI_ERR_CONNECTION_FAILED);
	ck_assert_int_eq(rti_evoke_callbacks(amb, 0, 0, NULL),
	    RTI_ERR_NOT_CONNECTED);
	snprintf(url, sizeof url, "127.0.0.1:%d", rx.port);
	ck_assert_int_eq(rti_connect(amb, url, NULL, NULL), RTI_OK);
	ck_assert_int_ge(rti_get_fd(amb), 0);
	{
		/* a loopback connection: no delay, and not paced.  The
		 * descriptor polled is an epoll set; the stream is the
		 * descriptor in it connected to rtiexec's port. */
		char cc[16] = "";
		socklen_t l = sizeof cc - 1;
		int v = 0, fd, sock = -1;
		socklen_t vl = sizeof v;

		ck_assert_int_lt(getsockopt(rti_get_fd(amb), IPPROTO_TCP,
		    TCP_NODELAY, &v, &vl), 0);
		for (fd = 3; fd < 1024 && sock < 0; fd++) {
			struct sockaddr_in pa;
			socklen_t pl = sizeof pa;
			int type = 0;
			socklen_t tl = sizeof type;

			if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type,
			    &tl) == 0 && type == SOCK_STREAM &&
			    getpeername(fd, (struct sockaddr *)&pa, &pl) ==
			    0 && pa.sin_family == AF_INET &&
			    ntohs(pa.sin_port) == rx.port)
				sock = fd;
		}
		ck_assert_int_ge(sock, 0);
		ck_assert_int_eq(getsockopt(sock, IPPROTO_TCP,
		    TCP_NODELAY, &v, &vl), 0);
		ck_assert_int_eq(v, 1);
		ck_assert_int_eq(getsockopt(sock, IPPROTO_TCP,
		    TCP_CONGESTION, cc, &l), 0);
		ck_assert_msg(strncmp(cc, "bbr", 3) != 0,
		    "librti's loopback connection paces (%s)", cc);
	}
	ck_assert_int_eq(rti_connect(amb, url, NULL, NULL),
	    RTI_ERR_ALREADY_CONNECTED);
	ck_assert_int_eq(rti_evoke_callbacks(amb, -1, 0, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_disconnect(amb), RTI_OK);
	ck_assert_int_eq(rti_disconnect(amb), RTI_ERR_NOT_CONNECTED);
	rti_ambassador_free(amb);
	ck_assert_ptr_nonnull(rti_strerror(RTI_ERR_NOT_CONNECTED));
	ck_assert_str_eq(rti_err_name(RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER),
	    "RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER");
	ck_assert_str_eq(rti_err_name(RTI_OK), "RTI_OK");
	ck_assert_str_eq(rti_err_name(RTI_ERR__COUNT), "RTI_ERR_UNKNOWN");
	ck_assert_str_eq(rti_strerror(-5), "unknown error");
}
END_TEST

/* Send raw bytes to rtiexec; returns the socket. */
static int
raw_connect(void)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)rx.port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

/* 1 when rtiexec closed `fd` (read returns 0 or an error) in time. */
static int
closed_by_peer(int fd)
{
	char buf[256];
	struct timeval tv = { 5, 0 };
	ssize_t n;

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		;
	return n == 0 || (n < 0 && errno != EAGAIN);
}

START_TEST(test_protocol_abuse)
{
	struct tfed *a = tfed_new(&rx);
	static const unsigned char garbage[] = "GET / HTTP/1.0\r\n\r\n";
	static const unsigned char huge[8] = { 0x7f, 0xff, 0xff, 0xff, 0, 1,
		0, 0 };
	static const unsigned char early[12] = { 0, 0, 0, 4, 0x01, 0x02, 0,
		0, 0, 0, 0, 1 };
	int fd;

	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	fd = raw_connect();
	ck_assert_int_eq(write(fd, garbage, sizeof garbage - 1),
	    (ssize_t)sizeof garbage - 1);
	ck_assert(closed_by_peer(fd));
	close(fd);
	fd = raw_connect();
	ck_assert_int_eq(write(fd, huge, sizeof huge), 8);
	ck_assert(closed_by_peer(fd));
	close(fd);
	/* A request before the handshake. */
	fd = raw_connect();
	ck_assert_int_eq(write(fd, early, sizeof early), 12);
	ck_assert(closed_by_peer(fd));
	close(fd);
	ck_assert(rtiexec_log_has(&rx, "exceeds the maximum"));
	ck_assert(rtiexec_log_has(&rx, "first frame is not a hello"));
	/* The joined federate is unaffected. */
	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    "still", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(a, "announce:still"));
	tfed_free(a);
}
END_TEST

START_TEST(test_rtiexec_gone)
{
	struct tfed *a = tfed_new(&rx);
	double t0;
	int rc;

	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	kill(rx.pid, SIGKILL);
	waitpid(rx.pid, NULL, 0);
	rx.pid = -1;
	/* A long wait (one blocking recv) ends with the connection, long
	 * before it would have ended by itself. */
	t0 = tfed_now();
	rc = rti_evoke_callbacks(a->amb, 40.0, 40.0, NULL);
	ck_assert(rc == RTI_OK || rc == RTI_ERR_CONNECTION_LOST);
	ck_assert_msg(tfed_now() - t0 < 30.0, "a 40 s evoke did not end when "
	    "rtiexec went away (it took %.1f s)", tfed_now() - t0);
	ck_assert(tfed_wait(a, "lost:"));
	rc = rti_register_federation_synchronization_point(a->amb, "x", NULL,
	    0, NULL, 0);
	ck_assert_int_eq(rc, RTI_ERR_CONNECTION_LOST);
	ck_assert_int_eq(rti_evoke_callbacks(a->amb, 0, 0, NULL),
	    RTI_ERR_CONNECTION_LOST);
	tfed_free(a);
	/* restart so that teardown's clean-stop check holds */
	rtiexec_kill(&rx);
	ck_assert_int_eq(rtiexec_start(&rx, NULL), 0);
}
END_TEST

/* ---- the evoke that delivers connection_lost ---- */

struct lost_probe {
	unsigned call;            /* evoke calls made */
	unsigned lost_call;       /* the call connection_lost ran in */
	unsigned n_lost;
	size_t n_cb;              /* other callbacks */
	unsigned last_cb_call;
};

static void
lp_lost(void *arg, const char *fault)
{
	struct lost_probe *lp = arg;

	(void)fault;
	lp->lost_call = lp->call;
	lp->n_lost++;
}

static void
lp_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct lost_probe *lp = arg;

	(void)cls;
	(void)v;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	lp->n_cb++;
	lp->last_cb_call = lp->call;
}

/* How each case evokes, and what is queued when rtiexec dies. */
static const struct {
	int one;                  /* rti_evoke_callback */
	double min_s, max_s;
	int queued;               /* interactions waiting in the library */
	int service_first;        /* a service meets the loss before evoke */
} lost_cases[] = {
	{ 1, 0.5, 0.5, 0, 0 },
	{ 1, 0, 0, 0, 0 },
	{ 0, 0, 0, 0, 0 },
	{ 0, 0.2, 1.0, 0, 0 },
	{ 0, 8.0, 8.0, 0, 0 },
	{ 1, 0.5, 0.5, 1, 0 },
	{ 0, 0, 0, 1, 0 },
	{ 0, 0.2, 1.0, 1, 0 },
	{ 1, 0.5, 0.5, 1, 1 },
	{ 0, 0, 0, 1, 1 },
};

#define LOST_QUEUED 5

/*
 * rtiexec dies while a federate evokes, in every way: the very call that
 * runs connection_lost returns RTI_ERR_CONNECTION_LOST, every later one
 * too, and no callback runs after it.  Callbacks received before the
 * loss are delivered first, also when a service met the loss before.
 */
START_TEST(test_evoke_lost)
{
	const char *mods[] = { HELLO };
	struct lost_probe lp;
	struct rti_callbacks cb;
	rti_ambassador *a, *b;
	rti_interaction_class_handle ic;
	rti_federate_handle h;
	double t0;
	int rc = RTI_OK, i, pending;

	memset(&lp, 0, sizeof lp);
	memset(&cb, 0, sizeof cb);
	cb.connection_lost = lp_lost;
	cb.receive_interaction = lp_interaction;
	a = rti_ambassador_new();
	b = rti_ambassador_new();
	ck_assert_int_eq(rti_connect(a, rx.url, &cb, &lp), RTI_OK);
	ck_assert_int_eq(rti_connect(b, rx.url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(a, "L", mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(a, "a", "t", "L", NULL),
	    RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(b, "b", "t", "L", NULL),
	    RTI_OK);
	ck_assert_int_eq(rti_get_interaction_class_handle(a, "Hello", &ic),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(a, ic), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(b, ic), RTI_OK);
	if (lost_cases[_i].queued) {
		for (i = 0; i < LOST_QUEUED; i++)
			ck_assert_int_eq(rti_send_interaction(b, ic, NULL, 0,
			    NULL, 0), RTI_OK);
		/* b's reply follows its interactions, a's follows them at a:
		 * they wait in a's library, not delivered */
		ck_assert_int_eq(rti_get_federate_handle(b, "none", &h),
		    RTI_ERR_NAME_NOT_FOUND);
		ck_assert_int_eq(rti_get_federate_handle(a, "none", &h),
		    RTI_ERR_NAME_NOT_FOUND);
		ck_assert_uint_eq(lp.n_cb, 0);
	}
	kill(rx.pid, SIGKILL);
	waitpid(rx.pid, NULL, 0);
	rx.pid = -1;
	if (lost_cases[_i].service_first)
		ck_assert_int_eq(rti_get_federate_handle(a, "none", &h),
		    RTI_ERR_CONNECTION_LOST);
	t0 = tfed_now();
	while (!lp.n_lost) {
		ck_assert_msg(tfed_now() - t0 < WAIT_S, "no connection_lost "
		    "within %.0f s of rtiexec's death", WAIT_S);
		lp.call++;
		rc = lost_cases[_i].one ?
		    rti_evoke_callback(a, lost_cases[_i].min_s, &pending) :
		    rti_evoke_callbacks(a, lost_cases[_i].min_s,
		    lost_cases[_i].max_s, &pending);
		if (!lp.n_lost)
			ck_assert_int_eq(rc, RTI_OK);
	}
	ck_assert_uint_eq(lp.lost_call, lp.call);
	ck_assert_int_eq(rc, RTI_ERR_CONNECTION_LOST);
	ck_assert_int_eq(pending, 0);
	ck_assert_uint_eq(lp.n_cb, lost_cases[_i].queued ? LOST_QUEUED : 0);
	for (i = 0; i < 3; i++) {
		lp.call++;
		ck_assert_int_eq(i % 2 ? rti_evoke_callback(a, 0.1, &pending) :
		    rti_evoke_callbacks(a, 0, 0.1, &pending),
		    RTI_ERR_CONNECTION_LOST);
		ck_assert_int_eq(pending, 0);
	}
	ck_assert_uint_eq(lp.n_lost, 1);
	ck_assert_uint_lt(lp.last_cb_call, lp.lost_call + 1);
	rti_ambassador_free(b);
	rti_ambassador_free(a);
	/* restart so that teardown's clean-stop check holds */
	rtiexec_kill(&rx);
	ck_assert_int_eq(rtiexec_start(&rx, NULL), 0);
}
END_TEST

START_TEST(test_unix_socket_and_precreated)
{
	struct rtiexec r2;
	char sock[256], url[300];
	const char *args[8];
	rti_ambassador *amb;
	struct rti_callbacks cb;
	struct tfed t;

	snprintf(sock, sizeof sock, "%s/u.sock", rx.dir);
	args[0] = "--unix";
	args[1] = sock;
	args[2] = "--federation";
	args[3] = "Pre";
	args[4] = "--fom";
	args[5] = GRID;
	args[6] = NULL;
	ck_assert_int_eq(rtiexec_start(&r2, args), 0);
	memset(&t, 0, sizeof t);
	tfed_callbacks(&cb);
	amb = rti_ambassador_new();
	snprintf(url, sizeof url, "unix://%s", sock);
	ck_assert_int_eq(rti_connect(amb, url, &cb, &t), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(amb, "U", "t", "Pre",
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	rti_ambassador_free(amb);
	ck_assert_int_eq(rtiexec_stop(&r2), 0);
}
END_TEST

START_TEST(test_auth_key)
{
	struct rtiexec r2;
	char keyfile[256];
	const char *args[3];
	rti_ambassador *amb;
	FILE *fp;

	snprintf(keyfile, sizeof keyfile, "%s/key", rx.dir);
	fp = fopen(keyfile, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("s3cret-training-lan\n", fp);
	fclose(fp);
	args[0] = "--auth-key-file";
	args[1] = keyfile;
	args[2] = NULL;
	ck_assert_int_eq(rtiexec_start(&r2, args), 0);
	amb = rti_ambassador_new();
	ck_assert_int_eq(rti_connect(amb, r2.url, NULL, NULL),
	    RTI_ERR_AUTHENTICATION_FAILED);
	ck_assert_int_eq(rti_set_auth_key(amb, "wrong", 5), RTI_OK);
	ck_assert_int_eq(rti_connect(amb, r2.url, NULL, NULL),
	    RTI_ERR_AUTHENTICATION_FAILED);
	ck_assert_int_eq(rti_set_auth_key(amb, "s3cret-training-lan", 19),
	    RTI_OK);
	ck_assert_int_eq(rti_connect(amb, r2.url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_set_auth_key(amb, "x", 100000),
	    RTI_ERR_INVALID_ARGUMENT);
	rti_ambassador_free(amb);
	ck_assert(rtiexec_log_has(&r2, "authentication failed"));
	ck_assert_int_eq(rtiexec_stop(&r2), 0);
}
END_TEST

/* CPU seconds the calling thread has used. */
static double
thread_cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct later {
	rti_ambassador *amb;
	const char *label;
	int rc;
};

/* After 0.3 s, register a synchronization point (announced to all). */
static void *
register_later(void *arg)
{
	struct later *l = arg;

	usleep(300000);
	l->rc = rti_register_federation_synchronization_point(l->amb,
	    l->label, NULL, 0, NULL, 0);
	return NULL;
}

/*
 * evoke waits asleep for its minimum time, and wakes for a callback that
 * arrives meanwhile: with the socket as librti leaves it (a blocking
 * recv) and after the caller's loop made it non-blocking, as libuv's
 * uv_poll_init does (librti then waits with poll).
 */
START_TEST(test_evoke_waits)
{
	struct tfed *a = tfed_new(&rx), *b = tfed_new(&rx);
	static const char *labels[2] = { "blocking", "nonblocking" };
	int pass, fd;

	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(b->amb, "B", "t", "F",
	    NULL), RTI_OK);
	for (pass = 0; pass < 2; pass++) {
		struct later l = { b->amb, labels[pass], -1 };
		pthread_t th;
		double t0, c0;
		char ev[64];

		if (pass == 1) {
			fd = rti_get_fd(a->amb);
			ck_assert_int_eq(fcntl(fd, F_SETFL,
			    fcntl(fd, F_GETFL) | O_NONBLOCK), 0);
		}
		/* the minimum is what evoke promises: a lower bound, which
		 * no load can break; asleep: a busy wait would take the CPU
		 * time of the whole wait (CPU time, which load does not
		 * lengthen) */
		t0 = tfed_now();
		c0 = thread_cpu_s();
		ck_assert_int_eq(rti_evoke_callbacks(a->amb, 0.4, 0.4, NULL),
		    RTI_OK);
		ck_assert_double_ge(tfed_now() - t0, 0.4);
		ck_assert_msg(tfed_now() - t0 < 30.0, "a 0.4 s evoke took "
		    "%.1f s", tfed_now() - t0);
		ck_assert_double_lt(thread_cpu_s() - c0, 0.1);

		/* wakes for the announce, long before its 40 s */
		ck_assert_int_eq(pthread_create(&th, NULL, register_later, &l),
		    0);
		t0 = tfed_now();
		ck_assert_int_eq(rti_evoke_callback(a->amb, 40.0, NULL), RTI_OK);
		ck_assert_msg(tfed_now() - t0 < 30.0, "a 40 s evoke did not "
		    "wake for the announce (it took %.1f s)", tfed_now() - t0);
		pthread_join(th, NULL);
		ck_assert_int_eq(l.rc, RTI_OK);
		snprintf(ev, sizeof ev, "announce:%s", labels[pass]);
		ck_assert_int_ge(tfed_find(a, ev), 0);
	}
	tfed_free(b);
	tfed_free(a);
}
END_TEST


/* rti_connect with no URL takes the environment's RTI_URL, and an
 * explicit URL wins over it. */
START_TEST(test_rti_url)
{
	rti_ambassador *a = rti_ambassador_new();

	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(setenv("RTI_URL", rx.url, 1), 0);
	ck_assert_int_eq(rti_connect(a, NULL, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_disconnect(a), RTI_OK);
	ck_assert_int_eq(rti_connect(a, "", NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_disconnect(a), RTI_OK);
	/* a bad RTI_URL is what rti_connect tried */
	ck_assert_int_eq(setenv("RTI_URL", "bogus://x", 1), 0);
	ck_assert_int_eq(rti_connect(a, NULL, NULL, NULL),
	    RTI_ERR_INVALID_LOCAL_SETTINGS_DESIGNATOR);
	ck_assert_int_eq(rti_connect(a, rx.url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_disconnect(a), RTI_OK);
	ck_assert_int_eq(unsetenv("RTI_URL"), 0);
	rti_ambassador_free(a);
}
END_TEST

/* Modules by their text: created and joined under their designator; the
 * automatic resign directive reads back what was set. */
START_TEST(test_modules_by_text)
{
	struct tfed *a = tfed_new(&rx), *b = tfed_new(&rx);
	FILE *f = fopen(HELLO, "rb");
	static char text[65536];
	size_t len;
	struct rti_fom_module m[1], bad[1];
	rti_object_class_handle cls;
	rti_federate_handle h;
	enum rti_resign_action act;
	rti_dimension_handle d[4];
	size_t n = 99;

	ck_assert_ptr_nonnull(f);
	len = fread(text, 1, sizeof text, f);
	fclose(f);
	m[0].designator = "hello-as-text.xml";
	m[0].text = text;
	m[0].len = len;
	bad[0].designator = "broken.xml";
	bad[0].text = "<objectModel";
	bad[0].len = 12;
	ck_assert_int_eq(rti_create_federation_execution_from_modules(a->amb,
	    "T", bad, 1, NULL), RTI_ERR_ERROR_READING_FDD);
	bad[0].text = NULL;
	ck_assert_int_eq(rti_create_federation_execution_from_modules(a->amb,
	    "T", bad, 1, NULL), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_create_federation_execution_from_modules(a->amb,
	    "T", m, 1, "HLAinteger64Time"), RTI_OK);
	ck_assert_int_eq(rti_get_automatic_resign_directive(a->amb, &act),
	    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_join_federation_execution_from_modules(a->amb,
	    "a", "t", "T", m, 1, &h), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(b->amb, "b", "t", "T",
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_get_object_class_handle(b->amb, "Greeter", &cls),
	    RTI_OK);
	ck_assert_int_eq(rti_get_automatic_resign_directive(a->amb, &act),
	    RTI_OK);
	ck_assert_int_eq(act, RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST);
	ck_assert_int_eq(rti_set_automatic_resign_directive(a->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	ck_assert_int_eq(rti_get_automatic_resign_directive(a->amb, &act),
	    RTI_OK);
	ck_assert_int_eq(act, RTI_RESIGN_DELETE_OBJECTS);
	/* HelloWorld has no dimensions */
	ck_assert_int_eq(rti_get_available_dimensions_for_class_attribute(
	    a->amb, cls, tfed_at(a, cls, "Message"), d, 4, &n), RTI_OK);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(b->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

static Suite *
fedm_suite(void)
{
	Suite *s = suite_create("fedm");
	TCase *tc = tcase_create("fedm");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_create_destroy);
	tcase_add_test(tc, test_rti_url);
	tcase_add_test(tc, test_modules_by_text);
	tcase_add_test(tc, test_create_bad_fom);
	tcase_add_test(tc, test_create_modules_build_in_order);
	tcase_add_test(tc, test_failed_calls_leave_outputs);
	tcase_add_test(tc, test_join_resign);
	tcase_add_test(tc, test_list);
	tcase_add_test(tc, test_sync_all);
	tcase_add_test(tc, test_sync_set);
	tcase_add_test(tc, test_lookups);
	tcase_add_test(tc, test_killed_federate);
	tcase_add_test(tc, test_not_connected);
	tcase_add_test(tc, test_protocol_abuse);
	tcase_add_test(tc, test_rtiexec_gone);
	tcase_add_loop_test(tc, test_evoke_lost, 0,
	    (int)(sizeof lost_cases / sizeof *lost_cases));
	tcase_add_test(tc, test_unix_socket_and_precreated);
	tcase_add_test(tc, test_auth_key);
	tcase_add_test(tc, test_evoke_waits);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(fedm_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
