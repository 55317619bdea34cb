/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_replica.c - the subscription tables replicated to the publishers
 * (rti/ddm/ddm_replica.c, librti/ddm_filter.c) and the bursts rtiexec
 * batches, against a real rtiexec:
 *  - subscribers changing their conditions all at once, many changes a
 *    loop turn, while a publisher sends: every update sent after a
 *    change returned reaches exactly the subscribers that want it, none
 *    is suppressed at the source that one of them wants, none arrives
 *    that one does not want;
 *  - a federate that publishes after the others subscribed filters its
 *    very first sends (no evoke) against their subscriptions, also those
 *    of a superclass: the publish's reply follows the tables;
 *  - a federate that publishes nothing is sent nothing of the tables:
 *    what a subscription change costs rtiexec does not grow with them;
 *  - federates joining in one burst while a synchronization point is
 *    pending each get its announcement and its synchronization once.
 */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")
#define N_SUBST 8                 /* substations S1..S8, one breaker each */

static struct rtiexec rx;

static void
setup(void)
{
	ck_assert_int_eq(rtiexec_start(&rx, NULL), 0);
	tfed_autoflush = 0;
}

static void
teardown(void)
{
	tfed_autoflush = 1;
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}

static struct tfed *
fed(const char *name)
{
	struct rti_callbacks cb;

	tfed_callbacks(&cb);
	tfed_cond_callbacks(&cb, 0);
	return tfed_join_f(&rx, &cb, GRID, name);
}

/* Register breaker `name` with send condition `cond`, waiting for the
 * reservation by evoking. */
static rti_object_instance_handle
reg(struct tfed *t, const char *name, const char *cond)
{
	rti_object_instance_handle h;
	int i, rc;

	ck_assert_int_eq(rti_reserve_object_instance_name(t->amb, name),
	    RTI_OK);
	for (i = 0; i < 1000; i++) {
		rc = rti_register_object_instance_with_condition(t->amb,
		    tfed_oc(t, "Breaker"), name, cond, &h);
		if (rc == RTI_OK)
			return h;
		ck_assert_int_eq(rc, RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED);
		rti_evoke_callbacks(t->amb, 0.01, 0.01, NULL);
	}
	ck_abort_msg("could not register %s", name);
	return h;
}

static struct rti_statistics
stats(struct tfed *t)
{
	struct rti_statistics s;

	ck_assert_int_eq(rti_get_statistics(t->amb, &s), RTI_OK);
	return s;
}

/* ---- a burst of subscription changes while a publisher sends ---- */

#define N_SUBS 12
#define ROUNDS 15
#define MAX_SENT 400000

/* One subscriber: its changes and what it received. */
struct bsub {
	struct tfed *t;
	rti_object_class_handle cls;
	int k0;                   /* its first substation */
	/* change r returned with the publisher's counter at mark[r], with
	 * condition S<cond[r]>; before change r + 1 was asked, every update
	 * up to settled[r] had been routed by rtiexec */
	uint32_t mark[ROUNDS + 1], settled[ROUNDS + 1];
	int cond[ROUNDS + 1];
	uint8_t *got;             /* [MAX_SENT + 1]: update s reflected */
	int bad;                  /* a reflection it could not read */
	int fail;                 /* a service failed */
};

static atomic_uint sent;          /* updates the publisher numbered */
static atomic_uint routed;        /* of them, routed by rtiexec */
static atomic_int stop_pub;
static uint8_t sub_of[MAX_SENT + 1];  /* update s: its substation */

static void
burst_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct bsub *b = ((struct tfed *)arg)->user;
	char buf[16];
	unsigned long s;

	(void)obj;
	(void)tag;
	(void)tag_len;
	(void)info;
	if (n != 1 || v[0].length == 0 || v[0].length >= sizeof buf) {
		b->bad = 1;
		return;
	}
	memcpy(buf, v[0].value, v[0].length);
	buf[v[0].length] = '\0';
	s = strtoul(buf, NULL, 10);
	if (s == 0 || s > MAX_SENT)
		b->bad = 1;
	else
		b->got[s] = 1;
}

/* Set b's condition to S<k>, recording the counter around it. */
static void
change(struct bsub *b, int r, int k)
{
	char cond[8];
	const char *c[1] = { cond };

	snprintf(cond, sizeof cond, "S%d", k);
	b->cond[r] = k;
	b->settled[r - 1] = atomic_load(&routed);
	if (rti_set_subscription_conditions(b->t->amb, b->cls, c, 1) !=
	    RTI_OK)
		b->fail = 1;
	b->mark[r] = atomic_load(&sent);
}

static void *
subscriber_loop(void *arg)
{
	struct bsub *b = arg;
	int r;

	for (r = 1; r <= ROUNDS && !b->fail; r++) {
		change(b, r, (b->k0 + r) % N_SUBST + 1);
		/* a few reflections in between, as a console evokes */
		(void)rti_evoke_callbacks(b->t->amb, 0.002, 0.002, NULL);
	}
	return NULL;
}

struct bpub {
	struct tfed *t;
	rti_object_instance_handle obj[N_SUBST + 1];
	int fail;
};

static void *
publisher_loop(void *arg)
{
	struct bpub *p = arg;
	struct rti_attribute_value v;
	char val[16];
	int k = 0;

	rti_federate_handle h;

	v.attribute = tfed_attr(p->t, "Breaker", "Status");
	v.value = val;
	while (!atomic_load(&stop_pub) && !p->fail) {
		uint32_t s = atomic_load(&sent) + 1;

		if (s > MAX_SENT)
			break;
		k = k % N_SUBST + 1;
		sub_of[s] = (uint8_t)k;
		/* numbered before the send decides: a change that returned
		 * before this number was taken holds for this update */
		atomic_store(&sent, s);
		v.length = (uint32_t)snprintf(val, sizeof val, "%u", s);
		if (rti_update_attribute_values(p->t->amb, p->obj[k], &v, 1,
		    NULL, 0) != RTI_OK)
			p->fail = 1;
		if (s % 16)
			continue;
		/* the reply comes once rtiexec routed everything before */
		if (rti_get_federate_handle(p->t->amb, "nobody", &h) !=
		    RTI_ERR_NAME_NOT_FOUND ||
		    rti_evoke_callbacks(p->t->amb, 0, 0, NULL) != RTI_OK)
			p->fail = 1;
		atomic_store(&routed, s);
		usleep(100);
	}
	return NULL;
}

START_TEST(test_burst_exact)
{
	struct bsub b[N_SUBS];
	struct bpub p;
	pthread_t th[N_SUBS], pt;
	rti_attribute_handle a;
	char name[16], cond[8];
	uint32_t last, s, lo, hi;
	int i, r, k, missed = 0, extra = 0, wanted = 0;

	memset(&p, 0, sizeof p);
	memset(b, 0, sizeof b);
	memset(sub_of, 0, sizeof sub_of);
	atomic_init(&sent, 0);
	atomic_init(&routed, 0);
	atomic_init(&stop_pub, 0);
	p.t = fed("p");
	tfed_publish_status(p.t);
	for (k = 1; k <= N_SUBST; k++) {
		snprintf(name, sizeof name, "b%d", k);
		snprintf(cond, sizeof cond, "S%d", k);
		p.obj[k] = reg(p.t, name, cond);
	}
	for (i = 0; i < N_SUBS; i++) {
		struct rti_callbacks cb;
		const char *c[1] = { cond };

		tfed_callbacks(&cb);
		tfed_om_callbacks(&cb, 0);
		cb.reflect_attribute_values = burst_reflect;
		snprintf(name, sizeof name, "s%d", i);
		b[i].t = tfed_join_f(&rx, &cb, GRID, name);
		b[i].t->user = &b[i];
		b[i].got = calloc(MAX_SENT + 1, 1);
		ck_assert_ptr_nonnull(b[i].got);
		b[i].k0 = i;
		b[i].cls = tfed_oc(b[i].t, "Breaker");
		a = tfed_attr(b[i].t, "Breaker", "Status");
		b[i].cond[0] = i % N_SUBST + 1;
		snprintf(cond, sizeof cond, "S%d", b[i].cond[0]);
		ck_assert_int_eq(rti_set_subscription_conditions(b[i].t->amb,
		    b[i].cls, c, 1), RTI_OK);
		ck_assert_int_eq(rti_subscribe_object_class_attributes(
		    b[i].t->amb, b[i].cls, &a, 1), RTI_OK);
		b[i].mark[0] = 0;
	}
	/* everyone subscribed before the first update */
	ck_assert_int_eq(pthread_create(&pt, NULL, publisher_loop, &p), 0);
	for (i = 0; i < N_SUBS; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, subscriber_loop,
		    &b[i]), 0);
	for (i = 0; i < N_SUBS; i++)
		pthread_join(th[i], NULL);
	/* a few more updates after the last change (unless the publisher
	 * ran out of numbers: the checks below hold for what it sent) */
	last = atomic_load(&sent);
	for (i = 0; i < 10000 && atomic_load(&sent) < last + 4 * N_SUBST &&
	    atomic_load(&sent) < MAX_SENT && !p.fail; i++)
		usleep(1000);
	atomic_store(&stop_pub, 1);
	pthread_join(pt, NULL);
	ck_assert(!p.fail);
	last = atomic_load(&sent);
	/* everything sent was routed, and has reached every subscriber */
	ck_assert_int_eq(rti_flush_updates(p.t->amb), RTI_OK);
	tfed_barrier(p.t);
	for (i = 0; i < N_SUBS; i++)
		b[i].settled[ROUNDS] = last;
	for (i = 0; i < N_SUBS; i++) {
		tfed_barrier(b[i].t);
		ck_assert(!b[i].fail && !b[i].bad);
	}
	/* An update numbered after change r returned and routed before
	 * change r + 1 was asked met condition r at the publisher's source
	 * filter and in rtiexec: it reached the subscriber exactly when it
	 * is of its substation. */
	for (i = 0; i < N_SUBS; i++)
		for (r = 0; r <= ROUNDS; r++) {
			lo = b[i].mark[r];
			hi = b[i].settled[r];
			for (s = lo + 1; s <= hi; s++) {
				int want = sub_of[s] == b[i].cond[r];

				wanted += want;
				if (want && !b[i].got[s])
					missed++;
				if (!want && b[i].got[s])
					extra++;
			}
		}
	ck_assert_msg(missed == 0 && extra == 0, "of %d updates wanted in "
	    "settled periods, %d missed; %d unwanted received (%u sent)",
	    wanted, missed, extra, last);
	ck_assert_int_gt(wanted, 0);
	for (i = 0; i < N_SUBS; i++) {
		free(b[i].got);
		tfed_free(b[i].t);
	}
	tfed_free(p.t);
}
END_TEST

/* ---- a late publisher's first sends ---- */

START_TEST(test_publish_gets_tables_first)
{
	struct tfed *s1 = fed("s1"), *s2 = fed("s2"), *e = fed("e"), *p;
	rti_object_instance_handle o[4];
	struct rti_attribute_value v;
	struct rti_statistics z;
	rti_attribute_handle a[2];
	int k;

	tfed_subscribe_status(s1, "S1");
	tfed_subscribe_status(s2, "S2");
	/* a subscription of the superclass, of another attribute */
	a[0] = tfed_attr(e, "Equipment", "Name");
	ck_assert_int_eq(rti_add_subscription_condition(e->amb,
	    tfed_oc(e, "Equipment"), "S3"), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(e->amb,
	    tfed_oc(e, "Equipment"), a, 1), RTI_OK);
	/* now the publisher: it publishes and sends without evoking */
	p = fed("p");
	a[0] = tfed_attr(p, "Breaker", "Status");
	a[1] = tfed_attr(p, "Breaker", "Name");
	ck_assert_int_eq(rti_publish_object_class_attributes(p->amb,
	    tfed_oc(p, "Breaker"), a, 2), RTI_OK);
	o[1] = reg(p, "b1", "S1");
	o[2] = reg(p, "b2", "S2");
	o[3] = reg(p, "b3", "S3");
	for (k = 1; k <= 3; k++) {
		v.attribute = a[0];
		v.value = "x";
		v.length = 1;
		ck_assert_int_eq(rti_update_attribute_values(p->amb, o[k], &v,
		    1, NULL, 0), RTI_OK);
	}
	v.attribute = a[1];
	v.value = "n";
	v.length = 1;
	ck_assert_int_eq(rti_update_attribute_values(p->amb, o[3], &v, 1,
	    NULL, 0), RTI_OK);
	z = stats(p);
	/* Status of b1 and b2 are wanted, b3's Status by nobody (the
	 * superclass subscriber takes Name only), its Name by e */
	ck_assert_uint_eq(z.updates_sent, 3);
	ck_assert_uint_eq(z.updates_suppressed, 1);
	ck_assert_int_eq(rti_flush_updates(p->amb), RTI_OK);
	ck_assert(tfed_wait(s1, "reflect:"));
	ck_assert(tfed_wait(s2, "reflect:"));
	ck_assert(tfed_wait(e, "reflect:"));
	tfed_barrier(p);
	tfed_barrier(s1);
	tfed_barrier(s2);
	tfed_barrier(e);
	ck_assert_uint_eq(tfed_count(s1, "reflect:"), 1);
	ck_assert_uint_eq(tfed_count(s2, "reflect:"), 1);
	ck_assert_uint_eq(tfed_count(e, "reflect:"), 1);
	ck_assert_int_ge(tfed_find(s1, "reflect:b1:x:S1"), 0);
	ck_assert_int_ge(tfed_find(s2, "reflect:b2:x:S2"), 0);
	ck_assert_int_ge(tfed_find(e, "reflect:b3:n:S3"), 0);
	tfed_free(p);
	tfed_free(e);
	tfed_free(s2);
	tfed_free(s1);
}
END_TEST

/* ---- what a change costs, with and without idle federates ---- */

struct pump {
	struct tfed *t;
	atomic_int stop;
};

static void *
pump_loop(void *arg)
{
	struct pump *pp = arg;

	while (!atomic_load(&pp->stop))
		(void)rti_evoke_callbacks(pp->t->amb, 0.01, 0.01, NULL);
	return NULL;
}

/* rtiexec's frames out for six subscription changes of `c` (a reply
 * each, and what the publisher is sent) and its statistics query. */
static uint64_t
frames_for_changes(struct tfed *c, int round)
{
	struct rti_server_statistics s0, s1;
	char cond[16];
	int i;

	ck_assert_int_eq(rti_query_server_statistics(c->amb, &s0), RTI_OK);
	for (i = 0; i < 6; i++) {
		snprintf(cond, sizeof cond, "S%d", round * 10 + i);
		ck_assert_int_eq(rti_add_subscription_condition(c->amb,
		    tfed_oc(c, "Breaker"), cond), RTI_OK);
	}
	ck_assert_int_eq(rti_query_server_statistics(c->amb, &s1), RTI_OK);
	return s1.frames_out - s0.frames_out;
}

START_TEST(test_non_publishers_sent_nothing)
{
	static const char *const no_hb[] = { "--heartbeat-timeout", "0",
	    NULL };
	struct tfed *p, *c, *idle[20];
	struct pump pp;
	pthread_t th;
	uint64_t alone, crowded;
	char name[16];
	int i;

	/* no heartbeats: every frame counted is one the test causes */
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	ck_assert_int_eq(rtiexec_start(&rx, no_hb), 0);
	p = fed("p");
	tfed_publish_status(p);
	c = fed("c");
	tfed_subscribe_status(c, "S0");
	pp.t = p;
	atomic_init(&pp.stop, 0);
	ck_assert_int_eq(pthread_create(&th, NULL, pump_loop, &pp), 0);
	alone = frames_for_changes(c, 1);
	for (i = 0; i < 20; i++) {
		snprintf(name, sizeof name, "idle%d", i);
		idle[i] = fed(name);
		/* subscribers too: they publish nothing */
		tfed_subscribe_status(idle[i], "S9");
	}
	crowded = frames_for_changes(c, 2);
	atomic_store(&pp.stop, 1);
	pthread_join(th, NULL);
	/* six replies, six batches to the one publisher, the query's
	 * reply; the idle federates add nothing */
	ck_assert_uint_eq(alone, 13);
	ck_assert_uint_eq(crowded, alone);
	for (i = 0; i < 20; i++)
		tfed_free(idle[i]);
	tfed_free(c);
	tfed_free(p);
}
END_TEST

/* ---- a burst of joins while a synchronization point is pending ---- */

#define N_JOINERS 24

struct joiner {
	const char *url;
	int idx;
	int announced, synchronized, failed;
	atomic_int *joined;
};

static void
j_announce(void *arg, const char *label, const void *tag, size_t len)
{
	struct joiner *j = arg;

	(void)tag;
	(void)len;
	if (strcmp(label, "ready") == 0)
		j->announced++;
}

static void
j_synced(void *arg, const char *label, const rti_federate_handle *failed,
    size_t n)
{
	struct joiner *j = arg;

	(void)failed;
	(void)n;
	if (strcmp(label, "ready") == 0)
		j->synchronized++;
}

/* Evoke `amb` until *flag or WAIT_S; 0 or -1. */
static int
j_wait(rti_ambassador *amb, const int *flag)
{
	double end = tfed_now() + WAIT_S;

	while (!*flag && tfed_now() < end)
		if (rti_evoke_callbacks(amb, 0.01, 0.01, NULL) != RTI_OK)
			return -1;
	return *flag ? 0 : -1;
}

static void *
joiner_loop(void *arg)
{
	struct joiner *j = arg;
	struct rti_callbacks cb;
	rti_ambassador *amb = rti_ambassador_new();
	rti_federate_handle h;
	char name[16];
	int pending = 1;

	memset(&cb, 0, sizeof cb);
	cb.announce_synchronization_point = j_announce;
	cb.federation_synchronized = j_synced;
	snprintf(name, sizeof name, "j%d", j->idx);
	if (!amb || rti_connect(amb, j->url, &cb, j) != RTI_OK ||
	    rti_join_federation_execution(amb, name, "test", "F", &h) !=
	    RTI_OK) {
		j->failed = 1;
		return NULL;
	}
	atomic_fetch_add(j->joined, 1);
	if (j_wait(amb, &j->announced) < 0 ||
	    rti_synchronization_point_achieved(amb, "ready", 1) != RTI_OK ||
	    j_wait(amb, &j->synchronized) < 0)
		j->failed = 1;
	/* anything more rtiexec sent comes before this reply */
	if (rti_get_federate_handle(amb, "nobody", &h) !=
	    RTI_ERR_NAME_NOT_FOUND)
		j->failed = 1;
	while (pending && !j->failed)
		if (rti_evoke_callbacks(amb, 0, 0, &pending) != RTI_OK)
			j->failed = 1;
	(void)rti_resign_federation_execution(amb, RTI_RESIGN_NO_ACTION);
	rti_ambassador_free(amb);
	return NULL;
}

START_TEST(test_join_burst_sync_once)
{
	struct tfed *r = fed("registrar");
	struct joiner j[N_JOINERS];
	pthread_t th[N_JOINERS];
	atomic_int joined;
	double end;
	int i;

	atomic_init(&joined, 0);
	ck_assert_int_eq(rti_register_federation_synchronization_point(
	    r->amb, "ready", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(r, "announce:ready"));
	for (i = 0; i < N_JOINERS; i++) {
		memset(&j[i], 0, sizeof j[i]);
		j[i].url = rx.url;
		j[i].idx = i;
		j[i].joined = &joined;
		ck_assert_int_eq(pthread_create(&th[i], NULL, joiner_loop,
		    &j[i]), 0);
	}
	/* the point completes only with every joiner in it */
	end = tfed_now() + WAIT_S;
	while (atomic_load(&joined) < N_JOINERS && tfed_now() < end)
		tfed_pump(r, 0.01);
	ck_assert_int_eq(atomic_load(&joined), N_JOINERS);
	ck_assert_int_eq(rti_synchronization_point_achieved(r->amb, "ready",
	    1), RTI_OK);
	ck_assert(tfed_wait(r, "synchronized:ready"));
	for (i = 0; i < N_JOINERS; i++)
		pthread_join(th[i], NULL);
	for (i = 0; i < N_JOINERS; i++) {
		ck_assert_msg(!j[i].failed, "joiner %d failed", i);
		ck_assert_int_eq(j[i].announced, 1);
		ck_assert_int_eq(j[i].synchronized, 1);
	}
	ck_assert_uint_eq(tfed_count(r, "announce:ready"), 1);
	ck_assert_uint_eq(tfed_count(r, "synchronized:ready"), 1);
	tfed_free(r);
}
END_TEST

static Suite *
replica_suite(void)
{
	Suite *s = suite_create("replica");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_burst_exact);
	tcase_add_test(tc, test_publish_gets_tables_first);
	tcase_add_test(tc, test_non_publishers_sent_nothing);
	tcase_add_test(tc, test_join_burst_sync_once);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(replica_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
