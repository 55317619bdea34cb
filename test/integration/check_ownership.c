/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_ownership.c - ownership management against a real rtiexec: every
 * service and callback, HLAprivilegeToDeleteObject, publication rules,
 * resign actions, and the races (two acquirers, a divestiture cancelled
 * while an acquisition is pending, the owner killed mid-negotiation).
 * Every test ends by asking rtiexec, from an observer federate, who owns
 * each attribute, and checks that exactly that federate (or none) thinks
 * it owns it.
 */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "wire.h"

#define GRID TEST_FOM("Grid.xml")
#define PRIV "HLAprivilegeToDeleteObject"

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

/* ---- recording callbacks ---- */

static const char *
obj_name(struct tfed *t, rti_object_instance_handle obj)
{
	const char *s;

	return rti_get_object_instance_name(t->amb, obj, &s) == RTI_OK ? s :
	    "?";
}

/* "Name,Status" with the attribute names of the known class. */
static void
fmt_attrs(struct tfed *t, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, char *buf, size_t len)
{
	rti_object_class_handle k = RTI_HANDLE_INITIALIZER;
	size_t i, o = 0;

	buf[0] = '\0';
	rti_get_known_object_class_handle(t->amb, obj, &k);
	for (i = 0; i < n && o < len; i++) {
		const char *an = "?";

		rti_get_attribute_name(t->amb, k, a[i], &an);
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? "," : "",
		    an);
	}
}

static void
ev_set(void *arg, const char *what, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, const void *tag,
    size_t tag_len)
{
	struct tfed *t = arg;
	char buf[256];

	fmt_attrs(t, obj, a, n, buf, sizeof buf);
	if (tag)
		tfed_event(t, "%s:%s:%s:tag=%.*s", what, obj_name(t, obj), buf,
		    (int)tag_len, (const char *)tag);
	else
		tfed_event(t, "%s:%s:%s", what, obj_name(t, obj), buf);
}

static void
cb_assume(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, const void *tag,
    size_t tag_len)
{
	ev_set(arg, "assume", obj, a, n, tag, tag_len);
}

static void
cb_confirmreq(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n)
{
	ev_set(arg, "confirmreq", obj, a, n, NULL, 0);
}

static void
cb_acquired(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, const void *tag,
    size_t tag_len)
{
	ev_set(arg, "acquired", obj, a, n, tag, tag_len);
}

static void
cb_unavailable(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n)
{
	ev_set(arg, "unavailable", obj, a, n, NULL, 0);
}

static void
cb_release(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, const void *tag,
    size_t tag_len)
{
	ev_set(arg, "release", obj, a, n, tag, tag_len);
}

static void
cb_cancelled(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n)
{
	ev_set(arg, "cancelled", obj, a, n, NULL, 0);
}

static void
cb_inform(void *arg, rti_object_instance_handle obj, rti_attribute_handle a,
    rti_federate_handle owner)
{
	tfed_event(arg, "owner:%u:%u:%u", obj.id, a.id, owner.id);
}

static void
cb_not_owned(void *arg, rti_object_instance_handle obj,
    rti_attribute_handle a)
{
	tfed_event(arg, "owner:%u:%u:0", obj.id, a.id);
}

static void
cb_by_rti(void *arg, rti_object_instance_handle obj, rti_attribute_handle a)
{
	tfed_event(arg, "owner:%u:%u:rti", obj.id, a.id);
}

static void
cb_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle p)
{
	(void)obj;
	(void)cls;
	(void)p;
	tfed_event(arg, "discover:%s", name);
}

static void
cb_remove(void *arg, rti_object_instance_handle obj, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)tag;
	(void)tag_len;
	(void)info;
	tfed_event(arg, "remove:%s", obj_name(arg, obj));
}

static void
cb_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	size_t i;

	(void)tag;
	(void)tag_len;
	for (i = 0; i < n; i++) {
		rti_object_class_handle k = RTI_HANDLE_INITIALIZER;
		const char *an = "?";

		rti_get_known_object_class_handle(t->amb, obj, &k);
		rti_get_attribute_name(t->amb, k, v[i].attribute, &an);
		tfed_event(t, "reflect:%s:%s=%.*s:by=%u", obj_name(t, obj), an,
		    (int)v[i].length, (const char *)v[i].value,
		    info->producer.id);
	}
}

static void
cb_reserved(void *arg, const char *name)
{
	tfed_event(arg, "reserved:%s", name);
}

static void
owm_callbacks(struct rti_callbacks *cb)
{
	tfed_callbacks(cb);
	cb->object_instance_name_reservation_succeeded = cb_reserved;
	cb->discover_object_instance = cb_discover;
	cb->remove_object_instance = cb_remove;
	cb->reflect_attribute_values = cb_reflect;
	cb->request_attribute_ownership_assumption = cb_assume;
	cb->request_divestiture_confirmation = cb_confirmreq;
	cb->attribute_ownership_acquisition_notification = cb_acquired;
	cb->attribute_ownership_unavailable = cb_unavailable;
	cb->request_attribute_ownership_release = cb_release;
	cb->confirm_attribute_ownership_acquisition_cancellation =
	    cb_cancelled;
	cb->inform_attribute_ownership = cb_inform;
	cb->attribute_is_not_owned = cb_not_owned;
	cb->attribute_is_owned_by_rti = cb_by_rti;
}

/* A federate joined to federation F (created from Grid.xml if needed). */
static struct tfed *
fed(const char *name)
{
	struct tfed *t = calloc(1, sizeof *t);
	struct rti_callbacks cb;

	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	owm_callbacks(&cb);
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	ck_assert_int_eq(tfed_create_join(t, "F", GRID, name), RTI_OK);
	return t;
}

/* Everything rtiexec sent `t` before now has been delivered. */
static void
barrier(struct tfed *t)
{
	rti_federate_handle h;
	int pending = 1;

	ck_assert_int_eq(rti_get_federate_handle(t->amb, "no such federate",
	    &h), RTI_ERR_NAME_NOT_FOUND);
	while (pending)
		ck_assert_int_eq(rti_evoke_callbacks(t->amb, 0, 0, &pending),
		    RTI_OK);
}

static rti_object_class_handle
oc(struct tfed *t, const char *name)
{
	rti_object_class_handle h;

	ck_assert_int_eq(rti_get_object_class_handle(t->amb, name, &h),
	    RTI_OK);
	return h;
}

static rti_attribute_handle
at(struct tfed *t, const char *name)
{
	rti_attribute_handle h;

	ck_assert_int_eq(rti_get_attribute_handle(t->amb, oc(t, "Breaker"),
	    name, &h), RTI_OK);
	return h;
}

/* Fill `a` with the Breaker attributes of comma-separated `list`; their
 * number. */
static size_t
attrs(struct tfed *t, const char *list, rti_attribute_handle *a)
{
	char buf[128], *p, *save = NULL;
	size_t n = 0;

	snprintf(buf, sizeof buf, "%s", list);
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save))
		a[n++] = at(t, p);
	return n;
}

static void
publish(struct tfed *t, const char *list)
{
	rti_attribute_handle a[8];
	size_t n = attrs(t, list, a);

	ck_assert_int_eq(rti_publish_object_class_attributes(t->amb,
	    oc(t, "Breaker"), a, n), RTI_OK);
}

static void
subscribe(struct tfed *t)
{
	rti_attribute_handle a[8];
	size_t n = attrs(t, "Name,Status,Current", a);

	ck_assert_int_eq(rti_subscribe_object_class_attributes(t->amb,
	    oc(t, "Breaker"), a, n), RTI_OK);
}

static rti_object_instance_handle
register_named(struct tfed *t, const char *name)
{
	rti_object_instance_handle h;
	char ev[64];

	ck_assert_int_eq(rti_reserve_object_instance_name(t->amb, name),
	    RTI_OK);
	snprintf(ev, sizeof ev, "reserved:%s", name);
	ck_assert(tfed_wait(t, ev));
	ck_assert_int_eq(rti_register_object_instance_with_name(t->amb,
	    oc(t, "Breaker"), name, &h), RTI_OK);
	return h;
}

typedef int (*set_fn)(rti_ambassador *, rti_object_instance_handle,
    const rti_attribute_handle *, size_t);
typedef int (*set_tag_fn)(rti_ambassador *, rti_object_instance_handle,
    const rti_attribute_handle *, size_t, const void *, size_t);

/* Service shorthands over a comma-separated attribute list. */
static int
svc(set_fn fn, struct tfed *t, rti_object_instance_handle obj,
    const char *list)
{
	rti_attribute_handle a[8];
	size_t n = attrs(t, list, a);

	return fn(t->amb, obj, a, n);
}

static int
svc_tag(set_tag_fn fn, struct tfed *t, rti_object_instance_handle obj,
    const char *list, const char *tag)
{
	rti_attribute_handle a[8];
	size_t n = attrs(t, list, a);

	return fn(t->amb, obj, a, n, tag, strlen(tag));
}

static int
update(struct tfed *t, rti_object_instance_handle obj, const char *attr,
    const char *value)
{
	struct rti_attribute_value v;

	v.attribute = at(t, attr);
	v.value = value;
	v.length = (uint32_t)strlen(value);
	return rti_update_attribute_values(t->amb, obj, &v, 1, NULL, 0);
}

/* The owner of `attr` of `obj` as rtiexec tells observer `q` (0: none). */
static uint32_t
query_owner(struct tfed *q, rti_object_instance_handle obj,
    rti_attribute_handle attr)
{
	char prefix[64];
	size_t before, i, seen = 0;
	unsigned owner = 0;

	snprintf(prefix, sizeof prefix, "owner:%u:%u:", obj.id, attr.id);
	before = tfed_count(q, prefix);
	ck_assert_int_eq(rti_query_attribute_ownership(q->amb, obj, attr),
	    RTI_OK);
	ck_assert(tfed_wait_n(q, prefix, before + 1));
	for (i = 0; i < q->n_events; i++)
		if (strncmp(q->events[i], prefix, strlen(prefix)) == 0 &&
		    ++seen == before + 1)
			ck_assert_int_eq(sscanf(q->events[i] + strlen(prefix),
			    "%u", &owner), 1);
	return owner;
}

/*
 * The invariant: rtiexec names one owner of each attribute in `list` of
 * `obj` (or none), and exactly that one of the federates `ts` believes it
 * owns it.  `want` (a federate, or NULL for none) is the expected owner of
 * every attribute of the list.
 */
static void
check_owner(struct tfed *q, struct tfed **ts, size_t nt,
    rti_object_instance_handle obj, const char *list, struct tfed *want)
{
	rti_attribute_handle a[8];
	size_t n = attrs(q, list, a), i, k, believers;
	uint32_t owner;
	int own;

	for (k = 0; k < nt; k++)
		barrier(ts[k]);
	for (i = 0; i < n; i++) {
		owner = query_owner(q, obj, a[i]);
		ck_assert_uint_eq(owner, want ? want->handle.id : 0);
		for (k = believers = 0; k < nt; k++) {
			if (rti_is_attribute_owned_by_federate(ts[k]->amb, obj,
			    a[i], &own) != RTI_OK)
				own = 0; /* does not know the instance */
			if (own) {
				believers++;
				ck_assert_uint_eq(ts[k]->handle.id, owner);
			}
		}
		ck_assert_uint_eq(believers, owner ? 1 : 0);
	}
}

/* A (publishes all of Breaker, registers b1), B (publishes Name and
 * Status, subscribes), Q (observer: subscribes, publishes nothing). */
struct trio {
	struct tfed *a, *b, *q;
	rti_object_instance_handle b1;
};

static void
trio_start(struct trio *t)
{
	t->a = fed("A");
	t->b = fed("B");
	t->q = fed("Q");
	publish(t->a, "Name,Status,Current," PRIV);
	publish(t->b, "Name,Status");
	subscribe(t->b);
	subscribe(t->q);
	t->b1 = register_named(t->a, "b1");
	ck_assert(tfed_wait(t->b, "discover:b1"));
	ck_assert(tfed_wait(t->q, "discover:b1"));
}

static void
trio_end(struct trio *t)
{
	tfed_free(t->a);
	tfed_free(t->b);
	tfed_free(t->q);
}

/* ---- the services ---- */

START_TEST(test_unconditional_divestiture)
{
	struct trio t;
	struct tfed *all[3];
	rti_attribute_handle a[3], volt;

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	check_owner(t.q, all, 3, t.b1, "Name,Status,Current," PRIV, t.a);
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Status"), RTI_OK);
	check_owner(t.q, all, 3, t.b1, "Status", NULL);
	check_owner(t.q, all, 3, t.b1, "Name,Current," PRIV, t.a);
	/* its updates of Status are refused; the others still flow */
	ck_assert_int_eq(update(t.a, t.b1, "Status", "1"),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(update(t.a, t.b1, "Name", "n"), RTI_OK);
	ck_assert(tfed_wait(t.q, "reflect:b1:Name=n"));
	/* an unowned attribute is acquired at once */
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "take"), RTI_OK);
	ck_assert(tfed_wait(t.b, "acquired:b1:Status:tag=take"));
	ck_assert_int_eq(update(t.b, t.b1, "Status", "2"), RTI_OK);
	ck_assert(tfed_wait(t.q, "reflect:b1:Status=2"));
	ck_assert_int_ge(tfed_find(t.q, "reflect:b1:Status=2:by="), 0);
	check_owner(t.q, all, 3, t.b1, "Status", t.b);

	/* errors, with nothing changed */
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Status"), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, (rti_object_instance_handle){ 999 }, "Name"),
	    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN);
	ck_assert_int_eq(rti_get_attribute_handle(t.a->amb,
	    oc(t.a, "Bus"), "Voltage", &volt), RTI_OK);
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    t.a->amb, t.b1, &volt, 1), RTI_ERR_ATTRIBUTE_NOT_DEFINED);
	a[0] = a[1] = at(t.a, "Name");
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    t.a->amb, t.b1, a, 2), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    t.a->amb, t.b1, NULL, 1), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    NULL, t.b1, a, 1), RTI_ERR_INVALID_ARGUMENT);
	check_owner(t.q, all, 3, t.b1, "Name,Current," PRIV, t.a);
	check_owner(t.q, all, 3, t.b1, "Status", t.b);
	trio_end(&t);
}
END_TEST

START_TEST(test_negotiated_divestiture_and_confirm)
{
	struct trio t;
	struct tfed *all[3];

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_int_eq(svc_tag(
	    rti_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Status,Current", "offer"), RTI_OK);
	/* B publishes Status (not Current); Q publishes nothing */
	ck_assert(tfed_wait(t.b, "assume:b1:Status:tag=offer"));
	barrier(t.q);
	ck_assert_int_lt(tfed_find(t.q, "assume:"), 0);
	ck_assert_int_lt(tfed_find(t.b, "assume:b1:Status,Current"), 0);
	ck_assert_int_eq(svc_tag(
	    rti_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Current", "again"), RTI_ERR_ATTRIBUTE_ALREADY_BEING_DIVESTED);
	/* still the owner until it confirms */
	ck_assert_int_eq(update(t.a, t.b1, "Status", "a"), RTI_OK);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "want"), RTI_OK);
	ck_assert(tfed_wait(t.a, "confirmreq:b1:Status"));
	ck_assert_int_lt(tfed_find(t.a, "release:"), 0);
	check_owner(t.q, all, 3, t.b1, "Status", t.a);
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1, "Name",
	    "x"), RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED);
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1,
	    "Current", "x"), RTI_ERR_NO_ACQUISITION_PENDING);
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1,
	    "Status,Current", "x"), RTI_ERR_NO_ACQUISITION_PENDING);
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1,
	    "Status", "yours"), RTI_OK);
	ck_assert(tfed_wait(t.b, "acquired:b1:Status:tag=yours"));
	ck_assert_int_eq(update(t.a, t.b1, "Status", "old"),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(update(t.b, t.b1, "Status", "new"), RTI_OK);
	ck_assert(tfed_wait(t.q, "reflect:b1:Status=new"));
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1,
	    "Status", "x"), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	check_owner(t.q, all, 3, t.b1, "Status", t.b);
	check_owner(t.q, all, 3, t.b1, "Name,Current," PRIV, t.a);
	trio_end(&t);
}
END_TEST

START_TEST(test_acquisition_and_divestiture_if_wanted)
{
	struct trio t;
	struct tfed *all[4], *d;
	rti_attribute_handle a[3], out[3];
	size_t n, n_out = 9;

	trio_start(&t);
	d = fed("D");
	subscribe(d);
	ck_assert(tfed_wait(d, "discover:b1"));
	all[0] = t.a, all[1] = t.b, all[2] = t.q, all[3] = d;
	/* publication rules */
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, d,
	    t.b1, "Status", "t"), RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Current", "t"), RTI_ERR_ATTRIBUTE_NOT_PUBLISHED);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.a,
	    t.b1, "Status", "t"), RTI_ERR_FEDERATE_OWNS_ATTRIBUTES);
	barrier(t.a);
	ck_assert_int_lt(tfed_find(t.a, "release:"), 0);

	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Name,Status", "please"), RTI_OK);
	ck_assert(tfed_wait(t.a, "release:b1:Name,Status:tag=please"));
	barrier(t.b);
	ck_assert_int_lt(tfed_find(t.b, "acquired:"), 0);
	check_owner(t.q, all, 4, t.b1, "Name,Status", t.a);
	/* A lets Status go, keeps Name; Current is wanted by nobody */
	n = attrs(t.a, "Status,Current", a);
	ck_assert_int_eq(rti_attribute_ownership_divestiture_if_wanted(
	    t.a->amb, t.b1, a, n, out, &n_out), RTI_OK);
	ck_assert_uint_eq(n_out, 1);
	ck_assert_uint_eq(out[0].id, at(t.a, "Status").id);
	ck_assert(tfed_wait(t.b, "acquired:b1:Status:tag="));
	check_owner(t.q, all, 4, t.b1, "Status", t.b);
	check_owner(t.q, all, 4, t.b1, "Name,Current", t.a);
	ck_assert_int_eq(rti_attribute_ownership_divestiture_if_wanted(
	    t.a->amb, t.b1, a, n, NULL, &n_out), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_attribute_ownership_divestiture_if_wanted(
	    t.a->amb, t.b1, a, n, out, &n_out), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	/* B still waits for Name */
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "t"), RTI_ERR_FEDERATE_OWNS_ATTRIBUTES);
	n = attrs(t.a, "Name", a);
	ck_assert_int_eq(rti_attribute_ownership_divestiture_if_wanted(
	    t.a->amb, t.b1, a, n, out, &n_out), RTI_OK);
	ck_assert_uint_eq(n_out, 1);
	ck_assert(tfed_wait(t.b, "acquired:b1:Name:tag="));
	check_owner(t.q, all, 4, t.b1, "Name,Status", t.b);
	check_owner(t.q, all, 4, t.b1, "Current," PRIV, t.a);
	tfed_free(d);
	trio_end(&t);
}
END_TEST

START_TEST(test_release_denied)
{
	struct trio t;
	struct tfed *all[3];

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "mine?"), RTI_OK);
	ck_assert(tfed_wait(t.a, "release:b1:Status:tag=mine?"));
	ck_assert_int_eq(svc(rti_attribute_ownership_release_denied, t.b,
	    t.b1, "Status"), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(svc(rti_attribute_ownership_release_denied, t.a,
	    t.b1, "Status"), RTI_OK);
	ck_assert(tfed_wait(t.b, "unavailable:b1:Status"));
	/* the request ended */
	ck_assert_int_eq(svc(rti_cancel_attribute_ownership_acquisition, t.b,
	    t.b1, "Status"), RTI_ERR_ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED);
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Status"), RTI_OK);
	barrier(t.b);
	ck_assert_int_lt(tfed_find(t.b, "acquired:"), 0);
	check_owner(t.q, all, 3, t.b1, "Status", NULL);
	check_owner(t.q, all, 3, t.b1, "Name,Current," PRIV, t.a);
	trio_end(&t);
}
END_TEST

START_TEST(test_acquisition_if_available)
{
	struct trio t;
	struct tfed *all[3];

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Name"), RTI_OK);
	ck_assert_int_eq(svc(rti_attribute_ownership_acquisition_if_available,
	    t.b, t.b1, "Name,Status"), RTI_OK);
	ck_assert(tfed_wait(t.b, "acquired:b1:Name:tag="));
	ck_assert(tfed_wait(t.b, "unavailable:b1:Status"));
	barrier(t.a);
	ck_assert_int_lt(tfed_find(t.a, "release:"), 0);
	check_owner(t.q, all, 3, t.b1, "Name", t.b);
	check_owner(t.q, all, 3, t.b1, "Status", t.a);
	/* offered by a negotiated divestiture: a candidate */
	ck_assert_int_eq(svc_tag(
	    rti_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Status", "o"), RTI_OK);
	ck_assert(tfed_wait(t.b, "assume:b1:Status:tag=o"));
	ck_assert_int_eq(svc(rti_attribute_ownership_acquisition_if_available,
	    t.b, t.b1, "Status"), RTI_OK);
	ck_assert(tfed_wait(t.a, "confirmreq:b1:Status"));
	ck_assert_int_eq(svc(rti_attribute_ownership_acquisition_if_available,
	    t.b, t.b1, "Status"), RTI_ERR_ATTRIBUTE_ALREADY_BEING_ACQUIRED);
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1,
	    "Status", "ok"), RTI_OK);
	ck_assert(tfed_wait(t.b, "acquired:b1:Status:tag=ok"));
	check_owner(t.q, all, 3, t.b1, "Name,Status", t.b);
	/* errors of acquisition if available */
	ck_assert_int_eq(svc(rti_attribute_ownership_acquisition_if_available,
	    t.b, t.b1, "Status"), RTI_ERR_FEDERATE_OWNS_ATTRIBUTES);
	ck_assert_int_eq(svc(rti_attribute_ownership_acquisition_if_available,
	    t.b, t.b1, "Current"), RTI_ERR_ATTRIBUTE_NOT_PUBLISHED);
	check_owner(t.q, all, 3, t.b1, "Current," PRIV, t.a);
	trio_end(&t);
}
END_TEST

START_TEST(test_cancel_negotiated_divestiture)
{
	struct trio t;
	struct tfed *all[3];

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_int_eq(svc(
	    rti_cancel_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Status"), RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED);
	ck_assert_int_eq(svc_tag(
	    rti_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Status", "o"), RTI_OK);
	ck_assert(tfed_wait(t.b, "assume:b1:Status"));
	ck_assert_int_eq(svc(
	    rti_cancel_negotiated_attribute_ownership_divestiture, t.b, t.b1,
	    "Status"), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(svc(
	    rti_cancel_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Status"), RTI_OK);
	ck_assert_int_eq(svc(
	    rti_cancel_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Status"), RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED);
	/* no longer offered: confirming is refused, and acquisition if
	 * available finds it unavailable */
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1,
	    "Status", "x"), RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED);
	ck_assert_int_eq(svc(rti_attribute_ownership_acquisition_if_available,
	    t.b, t.b1, "Status"), RTI_OK);
	ck_assert(tfed_wait(t.b, "unavailable:b1:Status"));
	ck_assert_int_eq(update(t.a, t.b1, "Status", "kept"), RTI_OK);
	ck_assert(tfed_wait(t.q, "reflect:b1:Status=kept"));
	check_owner(t.q, all, 3, t.b1, "Name,Status,Current," PRIV, t.a);
	trio_end(&t);
}
END_TEST

START_TEST(test_cancel_acquisition)
{
	struct trio t;
	struct tfed *all[3];

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_int_eq(svc(rti_cancel_attribute_ownership_acquisition, t.b,
	    t.b1, "Status"), RTI_ERR_ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "t"), RTI_OK);
	ck_assert(tfed_wait(t.a, "release:b1:Status"));
	ck_assert_int_eq(svc(rti_cancel_attribute_ownership_acquisition, t.a,
	    t.b1, "Status"), RTI_ERR_ATTRIBUTE_ALREADY_OWNED);
	ck_assert_int_eq(svc(rti_cancel_attribute_ownership_acquisition, t.b,
	    t.b1, "Status"), RTI_OK);
	ck_assert(tfed_wait(t.b, "cancelled:b1:Status"));
	ck_assert_int_eq(svc(rti_cancel_attribute_ownership_acquisition, t.b,
	    t.b1, "Status"), RTI_ERR_ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED);
	/* nobody waits any more: divesting leaves it unowned */
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Status"), RTI_OK);
	barrier(t.b);
	ck_assert_int_lt(tfed_find(t.b, "acquired:"), 0);
	check_owner(t.q, all, 3, t.b1, "Status", NULL);
	trio_end(&t);
}
END_TEST

START_TEST(test_query_and_is_owned)
{
	struct trio t;
	struct tfed *all[3];
	rti_attribute_handle volt;
	int own = -1;

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_uint_eq(query_owner(t.q, t.b1, at(t.q, "Status")),
	    t.a->handle.id);
	ck_assert_uint_eq(query_owner(t.a, t.b1, at(t.a, "Status")),
	    t.a->handle.id);
	ck_assert_int_eq(rti_is_attribute_owned_by_federate(t.a->amb, t.b1,
	    at(t.a, "Status"), &own), RTI_OK);
	ck_assert_int_eq(own, 1);
	ck_assert_int_eq(rti_is_attribute_owned_by_federate(t.b->amb, t.b1,
	    at(t.b, "Status"), &own), RTI_OK);
	ck_assert_int_eq(own, 0);
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Status"), RTI_OK);
	ck_assert_uint_eq(query_owner(t.q, t.b1, at(t.q, "Status")), 0);
	ck_assert_int_eq(rti_is_attribute_owned_by_federate(t.a->amb, t.b1,
	    at(t.a, "Status"), &own), RTI_OK);
	ck_assert_int_eq(own, 0);
	ck_assert_uint_eq(tfed_count(t.q, "owner:"), 2);
	/* errors: nothing asked, nothing answered */
	ck_assert_int_eq(rti_query_attribute_ownership(t.q->amb,
	    (rti_object_instance_handle){ 999 }, at(t.q, "Status")),
	    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN);
	ck_assert_int_eq(rti_get_attribute_handle(t.q->amb, oc(t.q, "Bus"),
	    "Voltage", &volt), RTI_OK);
	ck_assert_int_eq(rti_query_attribute_ownership(t.q->amb, t.b1, volt),
	    RTI_ERR_ATTRIBUTE_NOT_DEFINED);
	ck_assert_int_eq(rti_is_attribute_owned_by_federate(t.a->amb, t.b1,
	    volt, &own), RTI_ERR_ATTRIBUTE_NOT_DEFINED);
	ck_assert_int_eq(rti_is_attribute_owned_by_federate(t.a->amb, t.b1,
	    at(t.a, "Status"), NULL), RTI_ERR_INVALID_ARGUMENT);
	barrier(t.q);
	ck_assert_uint_eq(tfed_count(t.q, "owner:"), 2);
	check_owner(t.q, all, 3, t.b1, "Status", NULL);
	trio_end(&t);
}
END_TEST

START_TEST(test_privilege_to_delete)
{
	struct trio t;
	struct tfed *all[3];

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_int_eq(rti_delete_object_instance(t.b->amb, t.b1, NULL, 0),
	    RTI_ERR_DELETE_PRIVILEGE_NOT_HELD);
	/* B publishes Breaker: the privilege counts as published */
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, PRIV, "del"), RTI_OK);
	ck_assert(tfed_wait(t.a, "release:b1:" PRIV ":tag=del"));
	ck_assert_int_eq(svc_tag(
	    rti_negotiated_attribute_ownership_divestiture, t.a, t.b1, PRIV,
	    "go"), RTI_OK);
	ck_assert(tfed_wait(t.a, "confirmreq:b1:" PRIV));
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1, PRIV,
	    "gone"), RTI_OK);
	ck_assert(tfed_wait(t.b, "acquired:b1:" PRIV ":tag=gone"));
	check_owner(t.q, all, 3, t.b1, PRIV, t.b);
	check_owner(t.q, all, 3, t.b1, "Name,Status,Current", t.a);
	ck_assert_int_eq(rti_delete_object_instance(t.a->amb, t.b1, NULL, 0),
	    RTI_ERR_DELETE_PRIVILEGE_NOT_HELD);
	ck_assert_int_eq(rti_delete_object_instance(t.b->amb, t.b1, NULL, 0),
	    RTI_OK);
	ck_assert(tfed_wait(t.a, "remove:b1"));
	ck_assert(tfed_wait(t.q, "remove:b1"));
	ck_assert_int_eq(rti_query_attribute_ownership(t.q->amb, t.b1,
	    at(t.q, "Status")), RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN);
	ck_assert(rtiexec_alive(&rx));
	trio_end(&t);
}
END_TEST

START_TEST(test_unpublish_divests)
{
	struct trio t;
	struct tfed *all[4], *d;
	rti_attribute_handle a[2];
	size_t n;

	trio_start(&t);
	d = fed("D");
	publish(d, "Status");
	subscribe(d);
	ck_assert(tfed_wait(d, "discover:b1"));
	all[0] = t.a, all[1] = t.b, all[2] = t.q, all[3] = d;
	/* B takes Status; D waits for it */
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Status"), RTI_OK);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "b"), RTI_OK);
	ck_assert(tfed_wait(t.b, "acquired:b1:Status"));
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, d,
	    t.b1, "Status", "d"), RTI_OK);
	ck_assert(tfed_wait(t.b, "release:b1:Status:tag=d"));
	/* B stops publishing Status: divested, and D gets it */
	n = attrs(t.b, "Status", a);
	ck_assert_int_eq(rti_unpublish_object_class_attributes(t.b->amb,
	    oc(t.b, "Breaker"), a, n), RTI_OK);
	ck_assert_int_eq(update(t.b, t.b1, "Status", "x"),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert(tfed_wait(d, "acquired:b1:Status"));
	check_owner(t.q, all, 4, t.b1, "Status", d);
	/* A unpublishes the class: Name, Current and the privilege go,
	 * nobody waits for them */
	ck_assert_int_eq(rti_unpublish_object_class(t.a->amb,
	    oc(t.a, "Breaker")), RTI_OK);
	ck_assert_int_eq(update(t.a, t.b1, "Name", "x"),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(rti_delete_object_instance(t.a->amb, t.b1, NULL, 0),
	    RTI_ERR_DELETE_PRIVILEGE_NOT_HELD);
	check_owner(t.q, all, 4, t.b1, "Name,Current," PRIV, NULL);
	check_owner(t.q, all, 4, t.b1, "Status", d);
	tfed_free(d);
	trio_end(&t);
}
END_TEST

/* Unpublishing an attribute with a pending acquisition fails and changes
 * nothing: the acquisition still completes. */
START_TEST(test_unpublish_refused_while_acquiring)
{
	struct trio t;
	struct tfed *all[3];
	rti_attribute_handle a[2];
	size_t n;

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "b"), RTI_OK);
	ck_assert(tfed_wait(t.a, "release:b1:Status:tag=b"));
	n = attrs(t.b, "Name,Status", a);
	ck_assert_int_eq(rti_unpublish_object_class_attributes(t.b->amb,
	    oc(t.b, "Breaker"), a, n),
	    RTI_ERR_OWNERSHIP_ACQUISITION_PENDING);
	ck_assert_int_eq(rti_unpublish_object_class(t.b->amb,
	    oc(t.b, "Breaker")), RTI_ERR_OWNERSHIP_ACQUISITION_PENDING);
	/* still pending and still published: A's divestiture hands it over */
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Status"), RTI_OK);
	ck_assert(tfed_wait(t.b, "acquired:b1:Status"));
	ck_assert_int_eq(update(t.b, t.b1, "Status", "x"), RTI_OK);
	check_owner(t.q, all, 3, t.b1, "Status", t.b);
	/* nothing pending any more */
	ck_assert_int_eq(rti_unpublish_object_class_attributes(t.b->amb,
	    oc(t.b, "Breaker"), a, n), RTI_OK);
	check_owner(t.q, all, 3, t.b1, "Status", NULL);
	trio_end(&t);
}
END_TEST

START_TEST(test_resign_rules)
{
	struct trio t;
	struct tfed *all[3], *c;
	rti_object_instance_handle c1;

	trio_start(&t);
	all[0] = t.a, all[1] = t.b, all[2] = t.q;
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "w"), RTI_OK);
	ck_assert(tfed_wait(t.a, "release:b1:Status"));
	/* refused while owning / while acquiring, with nothing changed */
	ck_assert_int_eq(rti_resign_federation_execution(t.a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_ERR_FEDERATE_OWNS_ATTRIBUTES);
	ck_assert_int_eq(rti_resign_federation_execution(t.a->amb,
	    RTI_RESIGN_CANCEL_PENDING_OWNERSHIP_ACQUISITIONS),
	    RTI_ERR_FEDERATE_OWNS_ATTRIBUTES);
	ck_assert_int_eq(rti_resign_federation_execution(t.b->amb,
	    RTI_RESIGN_NO_ACTION), RTI_ERR_OWNERSHIP_ACQUISITION_PENDING);
	ck_assert_int_eq(rti_resign_federation_execution(t.b->amb,
	    RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES),
	    RTI_ERR_OWNERSHIP_ACQUISITION_PENDING);
	check_owner(t.q, all, 3, t.b1, "Name,Status,Current," PRIV, t.a);
	/* the owner resigns divesting: the waiting acquirer gets Status,
	 * the rest is unowned */
	ck_assert_int_eq(rti_resign_federation_execution(t.a->amb,
	    RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES), RTI_OK);
	ck_assert(tfed_wait(t.b, "acquired:b1:Status"));
	all[0] = t.b;
	all[1] = t.q;
	check_owner(t.q, all, 2, t.b1, "Status", t.b);
	check_owner(t.q, all, 2, t.b1, "Name,Current," PRIV, NULL);
	/* DELETE_OBJECTS while owning attributes of an instance it may not
	 * delete is refused; of its own instances it is fine, and a waiting
	 * acquirer sees the instance removed */
	ck_assert_int_eq(rti_resign_federation_execution(t.b->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_ERR_FEDERATE_OWNS_ATTRIBUTES);
	c = fed("C");
	publish(c, "Name,Status,Current");
	c1 = register_named(c, "c1");
	ck_assert(tfed_wait(t.b, "discover:c1"));
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b, c1,
	    "Status", "w"), RTI_OK);
	ck_assert(tfed_wait(c, "release:c1:Status"));
	ck_assert_int_eq(rti_resign_federation_execution(c->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	ck_assert(tfed_wait(t.b, "remove:c1"));
	ck_assert(tfed_wait(t.q, "remove:c1"));
	/* B owns Status of b1: resigning with CANCEL_PENDING is refused,
	 * CANCEL_THEN_DELETE_THEN_DIVEST releases it */
	ck_assert_int_eq(rti_resign_federation_execution(t.b->amb,
	    RTI_RESIGN_CANCEL_PENDING_OWNERSHIP_ACQUISITIONS),
	    RTI_ERR_FEDERATE_OWNS_ATTRIBUTES);
	ck_assert_int_eq(rti_resign_federation_execution(t.b->amb,
	    RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST), RTI_OK);
	all[0] = t.q;
	check_owner(t.q, all, 1, t.b1, "Name,Status,Current," PRIV, NULL);
	tfed_free(c);
	trio_end(&t);
}
END_TEST

/* ---- races ---- */

START_TEST(test_race_two_acquirers)
{
	struct trio t;
	struct tfed *all[4], *d;
	int b_got, d_got;

	trio_start(&t);
	d = fed("D");
	publish(d, "Name,Status");
	subscribe(d);
	ck_assert(tfed_wait(d, "discover:b1"));
	all[0] = t.a, all[1] = t.b, all[2] = t.q, all[3] = d;
	/* both ask for the owned Status before anyone evokes */
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "b"), RTI_OK);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, d,
	    t.b1, "Status", "d"), RTI_OK);
	ck_assert(tfed_wait_n(t.a, "release:b1:Status", 2));
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Status"), RTI_OK);
	barrier(t.b);
	barrier(d);
	b_got = tfed_find(t.b, "acquired:b1:Status") >= 0;
	d_got = tfed_find(d, "acquired:b1:Status") >= 0;
	ck_assert_int_eq(b_got + d_got, 1);
	check_owner(t.q, all, 4, t.b1, "Status", b_got ? t.b : d);
	/* the loser still waits: the new owner is asked to release */
	ck_assert(tfed_wait(b_got ? t.b : d, "release:b1:Status"));

	/* both ask for the unowned Name at once: one gets it */
	ck_assert_int_eq(svc(rti_unconditional_attribute_ownership_divestiture,
	    t.a, t.b1, "Name"), RTI_OK);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, d,
	    t.b1, "Name", "d"), RTI_OK);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Name", "b"), RTI_OK);
	barrier(t.b);
	barrier(d);
	b_got = tfed_find(t.b, "acquired:b1:Name") >= 0;
	d_got = tfed_find(d, "acquired:b1:Name") >= 0;
	ck_assert_int_eq(b_got + d_got, 1);
	check_owner(t.q, all, 4, t.b1, "Name", b_got ? t.b : d);
	tfed_free(d);
	trio_end(&t);
}
END_TEST

START_TEST(test_race_cancel_divestiture_while_acquiring)
{
	struct trio t;
	struct tfed *all[4], *d;
	rti_attribute_handle a[1], out[1];
	size_t n_out = 0;

	trio_start(&t);
	d = fed("D");
	publish(d, "Status");
	subscribe(d);
	ck_assert(tfed_wait(d, "discover:b1"));
	all[0] = t.a, all[1] = t.b, all[2] = t.q, all[3] = d;
	ck_assert_int_eq(svc_tag(
	    rti_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Status", "o"), RTI_OK);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, t.b,
	    t.b1, "Status", "b"), RTI_OK);
	ck_assert_int_eq(svc(rti_attribute_ownership_acquisition_if_available,
	    d, t.b1, "Status"), RTI_OK);
	ck_assert(tfed_wait(t.a, "confirmreq:b1:Status"));
	/* A changes its mind before confirming */
	ck_assert_int_eq(svc(
	    rti_cancel_negotiated_attribute_ownership_divestiture, t.a, t.b1,
	    "Status"), RTI_OK);
	ck_assert_int_eq(svc_tag(rti_confirm_divestiture, t.a, t.b1,
	    "Status", "late"),
	    RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED);
	/* the if-available candidate is told; B keeps waiting and A is
	 * asked for a release */
	ck_assert(tfed_wait(d, "unavailable:b1:Status"));
	ck_assert(tfed_wait(t.a, "release:b1:Status"));
	barrier(t.b);
	ck_assert_int_lt(tfed_find(t.b, "acquired:"), 0);
	check_owner(t.q, all, 4, t.b1, "Status", t.a);
	ck_assert_int_eq(update(t.a, t.b1, "Status", "still"), RTI_OK);
	ck_assert(tfed_wait(t.q, "reflect:b1:Status=still"));
	/* later A gives in: B, still pending, gets it */
	a[0] = at(t.a, "Status");
	ck_assert_int_eq(rti_attribute_ownership_divestiture_if_wanted(
	    t.a->amb, t.b1, a, 1, out, &n_out), RTI_OK);
	ck_assert_uint_eq(n_out, 1);
	ck_assert(tfed_wait(t.b, "acquired:b1:Status"));
	barrier(d);
	ck_assert_int_lt(tfed_find(d, "acquired:"), 0);
	check_owner(t.q, all, 4, t.b1, "Status", t.b);
	tfed_free(d);
	trio_end(&t);
}
END_TEST

/*
 * The owner, a separate process, is killed with SIGKILL in the middle of
 * a negotiated divestiture (the acquirer is pending, confirmation never
 * comes).  Its default automatic resign action deletes what it may
 * delete (k2) and divests the rest (k1, whose delete privilege it gave
 * up): the pending acquirer gets Status of k1 and sees k2 removed.
 */
START_TEST(test_race_owner_killed_mid_negotiation)
{
	struct tfed *b = fed("B"), *q = fed("Q"), *all[2];
	rti_object_instance_handle k1, k2;
	int pipefd[2];
	pid_t pid;
	char ch;

	publish(b, "Name,Status");
	subscribe(b);
	subscribe(q);
	ck_assert_int_eq(pipe(pipefd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct tfed *k = fed("Doomed");
		rti_object_instance_handle h1, h2;
		rti_attribute_handle a[1];

		publish(k, "Name,Status,Current");
		h1 = register_named(k, "k1");
		h2 = register_named(k, "k2");
		a[0] = at(k, PRIV);
		if (rti_unconditional_attribute_ownership_divestiture(k->amb,
		    h1, a, 1) != RTI_OK)
			_exit(1);
		a[0] = at(k, "Status");
		if (rti_negotiated_attribute_ownership_divestiture(k->amb, h1,
		    a, 1, "k", 1) != RTI_OK ||
		    rti_negotiated_attribute_ownership_divestiture(k->amb, h2,
		    a, 1, "k", 1) != RTI_OK)
			_exit(1);
		if (write(pipefd[1], "n", 1) != 1)
			_exit(1);
		for (;;)
			rti_evoke_callbacks(k->amb, 1.0, 1.0, NULL);
	}
	ck_assert_int_eq(read(pipefd[0], &ch, 1), 1);
	ck_assert(tfed_wait(b, "assume:k1:Status"));
	ck_assert(tfed_wait(b, "assume:k2:Status"));
	ck_assert_int_eq(rti_get_object_instance_handle(b->amb, "k1", &k1),
	    RTI_OK);
	ck_assert_int_eq(rti_get_object_instance_handle(b->amb, "k2", &k2),
	    RTI_OK);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, b, k1,
	    "Status", "b"), RTI_OK);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, b, k2,
	    "Status", "b"), RTI_OK);
	tfed_pump(b, 0.1);
	ck_assert_int_lt(tfed_find(b, "acquired:"), 0);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	ck_assert(tfed_wait(b, "acquired:k1:Status"));
	ck_assert(tfed_wait(b, "remove:k2"));
	ck_assert(rtiexec_alive(&rx));
	all[0] = b, all[1] = q;
	check_owner(q, all, 2, k1, "Status", b);
	check_owner(q, all, 2, k1, "Name,Current," PRIV, NULL);
	/* B can resign: nothing pending any more */
	ck_assert_int_eq(rti_resign_federation_execution(b->amb,
	    RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES), RTI_OK);
	all[0] = q;
	check_owner(q, all, 1, k1, "Name,Status,Current," PRIV, NULL);
	close(pipefd[0]);
	close(pipefd[1]);
	tfed_free(b);
	tfed_free(q);
}
END_TEST

/* ---- rtiexec re-checks ---- */

static int
raw_connect(void)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)rx.port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

static void
raw_send(int fd, uint16_t type, const uint8_t *p, size_t n)
{
	uint8_t hdr[8];

	wire_put32(hdr, (uint32_t)n);
	wire_put16(hdr + 4, type);
	wire_put16(hdr + 6, 0);
	ck_assert_int_eq(send(fd, hdr, 8, MSG_NOSIGNAL), 8);
	if (n)
		ck_assert_int_eq(send(fd, p, n, MSG_NOSIGNAL), (ssize_t)n);
}

static int
raw_read(int fd, uint8_t *p, size_t n)
{
	while (n) {
		struct pollfd pf = { fd, POLLIN, 0 };
		ssize_t k;

		if (poll(&pf, 1, (int)(WAIT_S * 1000)) <= 0)
			return -1;
		k = recv(fd, p, n, 0);
		if (k <= 0)
			return k == 0 || errno == ECONNRESET ? 0 : -1;
		p += k;
		n -= (size_t)k;
	}
	return 1;
}

static uint8_t raw_buf[1 << 20];

/* Next frame of `type` (others skipped) into raw_buf; its length or -1. */
static long
raw_expect(int fd, uint16_t type)
{
	uint8_t hdr[8];

	for (;;) {
		uint32_t len;

		if (raw_read(fd, hdr, 8) != 1)
			return -1;
		len = wire_get32(hdr);
		ck_assert_uint_le(len, sizeof raw_buf);
		if (raw_read(fd, raw_buf, len) != 1)
			return -1;
		if (wire_get16(hdr + 4) == type)
			return (long)len;
	}
}

static size_t
put_str(uint8_t *p, const char *s)
{
	size_t n = strlen(s) + 1;

	wire_put32(p, (uint32_t)n);
	memcpy(p + 4, s, n);
	return 4 + n;
}

/* Send request `type` with `payload` after serial `serial`; the reply's
 * error code. */
static uint32_t
raw_request(int fd, uint16_t type, uint32_t serial, const uint8_t *payload,
    size_t n)
{
	uint8_t buf[512];

	ck_assert_uint_le(n + 4, sizeof buf);
	wire_put32(buf, serial);
	memcpy(buf + 4, payload, n);
	raw_send(fd, type, buf, n + 4);
	ck_assert_int_ge(raw_expect(fd, WIRE_REPLY), 8);
	ck_assert_uint_eq(wire_get32(raw_buf), serial);
	return wire_get32(raw_buf + 4);
}

/* A federate without librti's local checks keeps updating an attribute
 * it gave away: rtiexec drops the update with a notice; only the new
 * owner's updates reach the subscribers. */
START_TEST(test_rtiexec_rechecks_updates)
{
	struct tfed *b = fed("B"), *q = fed("Q"), *all[2];
	rti_object_instance_handle r1;
	uint32_t cls, status;
	const char *name;
	char ev[96];
	uint8_t p[256];
	size_t n;
	int fd;

	publish(b, "Name,Status");
	subscribe(b);
	subscribe(q);
	cls = oc(b, "Breaker").id;
	status = at(b, "Status").id;
	fd = raw_connect();
	wire_put32(p, WIRE_MAGIC);
	wire_put16(p + 4, WIRE_VERSION);
	wire_put32(p + 6, 0);
	raw_send(fd, WIRE_HELLO, p, 10);
	ck_assert_int_ge(raw_expect(fd, WIRE_HELLO_ACK), 10);
	n = put_str(p, "F");
	n += put_str(p + n, "Rogue");
	n += put_str(p + n, "raw");
	ck_assert_uint_eq(raw_request(fd, WIRE_JOIN, 1, p, n), RTI_OK);
	wire_put32(p, cls);
	wire_put32(p + 4, 1);
	wire_put32(p + 8, status);
	ck_assert_uint_eq(raw_request(fd, WIRE_DM_PUBLISH_OC, 2, p, 12),
	    RTI_OK);
	wire_put32(p, cls);
	n = 4 + put_str(p + 4, "");
	ck_assert_uint_eq(raw_request(fd, WIRE_OM_REGISTER, 3, p, n), RTI_OK);
	ck_assert(tfed_wait(q, "discover:"));
	ck_assert(tfed_wait(b, "discover:"));
	name = q->events[tfed_find(q, "discover:")] + strlen("discover:");
	ck_assert_int_eq(rti_get_object_instance_handle(q->amb, name, &r1),
	    RTI_OK);
	/* it divests Status unconditionally; B takes it */
	wire_put32(p, r1.id);
	wire_put32(p + 4, 0);
	wire_put32(p + 8, 1);
	wire_put32(p + 12, status);
	ck_assert_uint_eq(raw_request(fd, WIRE_OWM_DIVEST, 4, p, 16), RTI_OK);
	ck_assert_uint_eq(raw_request(fd, WIRE_OWM_DIVEST, 5, p, 16),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(svc_tag(rti_attribute_ownership_acquisition, b, r1,
	    "Status", "b"), RTI_OK);
	ck_assert(tfed_wait(b, "acquired:"));
	/* and still sends an update of it */
	n = 0;
	p[n++] = 0;
	wire_put32(p + n, 0);
	n += 4;
	n += put_str(p + n, "");
	wire_put32(p + n, cls);
	wire_put32(p + n + 4, 1);
	wire_put32(p + n + 8, 12 + 8 + 2);
	n += 12;
	wire_put32(p + n, r1.id);
	wire_put32(p + n + 4, 1);
	wire_put32(p + n + 8, 8 + 2);
	n += 12;
	wire_put32(p + n, status);
	wire_put32(p + n + 4, 2);
	memcpy(p + n + 8, "zz", 2);
	n += 10;
	raw_send(fd, WIRE_OM_UPDATE, p, n);
	ck_assert_int_ge(raw_expect(fd, WIRE_NOTICE), 4);
	ck_assert_uint_eq(wire_get32(raw_buf), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(update(b, r1, "Status", "bb"), RTI_OK);
	snprintf(ev, sizeof ev, "reflect:%s:Status=bb:by=%u", name,
	    b->handle.id);
	ck_assert(tfed_wait(q, ev));
	barrier(q);
	ck_assert_uint_eq(tfed_count(q, "reflect:"), 1);
	all[0] = b, all[1] = q;
	check_owner(q, all, 2, r1, "Status", b);
	close(fd);
	tfed_free(b);
	tfed_free(q);
}
END_TEST

static Suite *
ownership_suite(void)
{
	Suite *s = suite_create("ownership");
	TCase *tc = tcase_create("ownership");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_unconditional_divestiture);
	tcase_add_test(tc, test_negotiated_divestiture_and_confirm);
	tcase_add_test(tc, test_acquisition_and_divestiture_if_wanted);
	tcase_add_test(tc, test_release_denied);
	tcase_add_test(tc, test_acquisition_if_available);
	tcase_add_test(tc, test_cancel_negotiated_divestiture);
	tcase_add_test(tc, test_cancel_acquisition);
	tcase_add_test(tc, test_query_and_is_owned);
	tcase_add_test(tc, test_privilege_to_delete);
	tcase_add_test(tc, test_unpublish_divests);
	tcase_add_test(tc, test_unpublish_refused_while_acquiring);
	tcase_add_test(tc, test_resign_rules);
	tcase_add_test(tc, test_race_two_acquirers);
	tcase_add_test(tc, test_race_cancel_divestiture_while_acquiring);
	tcase_add_test(tc, test_race_owner_killed_mid_negotiation);
	tcase_add_test(tc, test_rtiexec_rechecks_updates);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(ownership_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
