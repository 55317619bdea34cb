/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_mass.c - mass operations must not stall the federation: many
 * federates resigning at once, and one resign that deletes very many
 * instances, each while another federate measures its round trip.
 */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "testutil.h"

/* One thread drives hundreds of ambassadors here, most of them idle in
 * no librti call for seconds (more under the sanitizers): heartbeats,
 * which would resign them, are beside what these tests measure. */
static const char *const no_heartbeats[] = { "--heartbeat-timeout", "0",
	NULL };

#define HELLO TEST_FOM("HelloWorld.xml")

/* A federate doing request round trips in its own thread, recording when
 * each started and how long it took. */
struct probe {
	rti_ambassador *amb;
	pthread_t th;
	atomic_int stop;
	double *t0, *dt;
	size_t n, cap;
};

static void *
probe_loop(void *arg)
{
	struct probe *p = arg;
	rti_federate_handle h;
	int pending;

	while (!atomic_load(&p->stop) && p->n < p->cap) {
		double t0 = tfed_now();

		if (rti_get_federate_handle(p->amb, "no such federate", &h) !=
		    RTI_ERR_NAME_NOT_FOUND)
			break;
		p->t0[p->n] = t0;
		p->dt[p->n] = tfed_now() - t0;
		p->n++;
		do
			(void)rti_evoke_callbacks(p->amb, 0, 0, &pending);
		while (pending);
		usleep(200);
	}
	return NULL;
}

static void
probe_start(struct probe *p, struct rtiexec *rx)
{
	memset(p, 0, sizeof *p);
	p->cap = 1000000;
	p->t0 = calloc(p->cap, sizeof *p->t0);
	p->dt = calloc(p->cap, sizeof *p->dt);
	ck_assert(p->t0 && p->dt);
	p->amb = rti_ambassador_new();
	ck_assert_int_eq(rti_connect(p->amb, rx->url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(p->amb, "probe", "t",
	    "F", NULL), RTI_OK);
	ck_assert_int_eq(pthread_create(&p->th, NULL, probe_loop, p), 0);
}

static void
probe_stop(struct probe *p)
{
	atomic_store(&p->stop, 1);
	pthread_join(p->th, NULL);
	rti_ambassador_free(p->amb);
}

static void
probe_free(struct probe *p)
{
	free(p->t0);
	free(p->dt);
}

/* Everything rtiexec sent `amb` so far has been delivered. */
static void
tfed_barrier_amb(rti_ambassador *amb)
{
	rti_federate_handle h;
	int pending = 1;

	ck_assert_int_eq(rti_get_federate_handle(amb, "no such federate",
	    &h), RTI_ERR_NAME_NOT_FOUND);
	while (pending)
		ck_assert_int_eq(rti_evoke_callbacks(amb, 0, 0, &pending),
		    RTI_OK);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Median and maximum of the round trips that overlap [from, to). */
static size_t
probe_stats(const struct probe *p, double from, double to, double *med,
    double *max)
{
	double *v = malloc((p->n + 1) * sizeof *v);
	size_t i, n = 0;

	ck_assert_ptr_nonnull(v);
	for (i = 0; i < p->n; i++)
		if (p->t0[i] + p->dt[i] > from && p->t0[i] < to)
			v[n++] = p->dt[i];
	qsort(v, n, sizeof *v, cmp_double);
	*med = n ? v[n / 2] : 0;
	*max = n ? v[n - 1] : 0;
	free(v);
	return n;
}

/* Raise the soft descriptor limit to hold `need`; the number that fits. */
static size_t
fit_descriptors(size_t want, size_t per)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return 0;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
		(void)getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur / per > want + 64)
		return want;
	return rl.rlim_cur / per > 64 ? rl.rlim_cur / per - 64 : 0;
}

static uint64_t
frames_out(rti_ambassador *amb)
{
	struct rti_server_statistics st;

	ck_assert_int_eq(rti_query_server_statistics(amb, &st), RTI_OK);
	return st.frames_out;
}

/*
 * Many federates, one in ten subscribed, join and then all resign while
 * a probe federate measures its round trips.  Resigning must cost about
 * what joining did: rtiexec sent one WIRE_DDM_CB_FED_GONE per leaver to
 * every remaining federate (n^2 frames and writes), which made the
 * resigns ten times slower than the joins and the probe's round trip
 * twenty times longer.  Frames are counted (exact); the times are
 * printed for a person to read.
 */
START_TEST(test_mass_resign)
{
	struct rtiexec rx;
	struct probe p;
	rti_ambassador **a, *c;
	const char *mods[] = { HELLO };
	size_t n, i;
	uint64_t f0, f_joined, f_resign, f_done;
	double t_join, t_joined, t_resign, t_done;
	double med_idle, max_idle, med_join, max_join, med_res, max_res;

	/* 1000 as in the field; under valgrind 200, the same shape */
	n = fit_descriptors(getenv("RTI_TEST_WRAPPER") ? 200 : 1000, 1);
	ck_assert_uint_ge(n, 100);
	ck_assert_int_eq(rtiexec_start(&rx, no_heartbeats), 0);
	a = calloc(n, sizeof *a);
	ck_assert_ptr_nonnull(a);
	c = rti_ambassador_new();
	ck_assert_int_eq(rti_connect(c, rx.url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(c, "F", mods, 1,
	    NULL), RTI_OK);
	probe_start(&p, &rx);
	usleep(200000);
	f0 = frames_out(c);
	t_join = tfed_now();
	for (i = 0; i < n; i++) {
		rti_object_class_handle cls;
		rti_attribute_handle at;

		a[i] = rti_ambassador_new();
		ck_assert_int_eq(rti_connect(a[i], rx.url, NULL, NULL),
		    RTI_OK);
		ck_assert_int_eq(rti_join_federation_execution(a[i], NULL, "t",
		    "F", NULL), RTI_OK);
		if (i % 10)
			continue;
		ck_assert_int_eq(rti_get_object_class_handle(a[i], "Greeter",
		    &cls), RTI_OK);
		ck_assert_int_eq(rti_get_attribute_handle(a[i], cls, "Message",
		    &at), RTI_OK);
		ck_assert_int_eq(rti_subscribe_object_class_attributes(a[i],
		    cls, &at, 1), RTI_OK);
	}
	t_joined = tfed_now();
	usleep(200000);
	f_joined = frames_out(c);
	f_resign = f_joined;
	t_resign = tfed_now();
	for (i = 0; i < n; i++)
		ck_assert_int_eq(rti_resign_federation_execution(a[i],
		    RTI_RESIGN_NO_ACTION), RTI_OK);
	t_done = tfed_now();
	usleep(200000); /* announcements still due go out meanwhile */
	f_done = frames_out(c);
	probe_stop(&p);
	probe_stats(&p, t_join - 0.2, t_join, &med_idle, &max_idle);
	probe_stats(&p, t_join, t_joined, &med_join, &max_join);
	probe_stats(&p, t_resign, t_done, &med_res, &max_res);
	fprintf(stderr, "mass resign: %zu federates; joins %.3f s, %llu "
	    "frames; resigns %.3f s, %llu frames; round trip idle %.0f/%.0f "
	    "us, joins %.0f/%.0f us, resigns %.0f/%.0f us (median/max)\n", n,
	    t_joined - t_join, (unsigned long long)(f_joined - f0),
	    t_done - t_resign, (unsigned long long)(f_done - f_resign),
	    med_idle * 1e6, max_idle * 1e6, med_join * 1e6, max_join * 1e6,
	    med_res * 1e6, max_res * 1e6);
	/* exact: the joins' frames include every subscription pushed to
	 * every federate; the resigns announce only the subscribers.  The
	 * n^2 announcements of the old code fail it (it sent ten times the
	 * joins' frames).  The times above are printed, not asserted: on a
	 * shared machine they are noise, and the frames are what made the
	 * old resigns slow. */
	ck_assert_uint_le(f_done - f_resign, f_joined - f0);
	probe_free(&p);
	for (i = 0; i < n; i++)
		rti_ambassador_free(a[i]);
	free(a);
	rti_ambassador_free(c);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST


/* What a subscriber saw of a mass delete. */
struct del_sub {
	size_t n;                 /* instances to be removed */
	size_t removed, interactions;
	size_t between;           /* interactions after the first remove and
	                             before the last */
};

static void
del_remove(void *arg, rti_object_instance_handle obj, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct del_sub *d = arg;

	(void)obj;
	(void)tag;
	(void)tag_len;
	(void)info;
	d->removed++;
}

static void
del_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct del_sub *d = arg;

	(void)cls;
	(void)v;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	d->interactions++;
	if (d->removed > 0 && d->removed < d->n)
		d->between++;
}

/* A federate sending interactions without pause in its own thread. */
struct flood {
	rti_ambassador *amb;
	rti_interaction_class_handle cls;
	pthread_t th;
	atomic_int stop;
	size_t sent;
};

static void *
flood_loop(void *arg)
{
	struct flood *fl = arg;
	int pending;

	while (!atomic_load(&fl->stop)) {
		if (rti_send_interaction(fl->amb, fl->cls, NULL, 0, NULL, 0) !=
		    RTI_OK)
			break;
		if (++fl->sent % 16 == 0) {
			(void)rti_flush_updates(fl->amb);
			(void)rti_evoke_callbacks(fl->amb, 0, 0, &pending);
			usleep(50);
		}
	}
	return NULL;
}

/*
 * A federate that registered many instances resigns with a delete
 * action while another federate sends interactions to the subscriber.
 * rtiexec used to remove them all in the resign's loop turn, every other
 * federate waiting for it (0.3 s for a million): the subscriber saw the
 * removes as one block.  Now they go a slice per turn, and the other
 * federate's messages reach the subscriber between them (counted; no
 * clock involved).
 */
START_TEST(test_mass_delete)
{
	struct rtiexec rx;
	struct probe p;
	struct flood fl;
	struct del_sub d;
	rti_ambassador *pub, *sub;
	struct rti_callbacks cb;
	rti_object_class_handle cls;
	rti_attribute_handle at[2];
	rti_object_instance_handle obj;
	const char *mods[] = { HELLO };
	size_t i;
	double t_del, t_done, med_idle, max_idle, med_del, max_del;
	int pending;

	memset(&d, 0, sizeof d);
	d.n = getenv("RTI_TEST_WRAPPER") ? 10000 : 50000;
	ck_assert_int_eq(rtiexec_start(&rx, no_heartbeats), 0);
	pub = rti_ambassador_new();
	ck_assert_int_eq(rti_connect(pub, rx.url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(pub, "F", mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(pub, "pub", "t", "F",
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_get_object_class_handle(pub, "Greeter", &cls),
	    RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(pub, cls, "Message", &at[0]),
	    RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(pub, cls, "Count", &at[1]),
	    RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(pub, cls, at, 2),
	    RTI_OK);
	memset(&cb, 0, sizeof cb);
	cb.remove_object_instance = del_remove;
	cb.receive_interaction = del_interaction;
	sub = rti_ambassador_new();
	ck_assert_int_eq(rti_connect(sub, rx.url, &cb, &d), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(sub, "sub", "t", "F",
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(sub, cls, at,
	    2), RTI_OK);
	memset(&fl, 0, sizeof fl);
	fl.amb = rti_ambassador_new();
	ck_assert_int_eq(rti_connect(fl.amb, rx.url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(fl.amb, "flood", "t",
	    "F", NULL), RTI_OK);
	ck_assert_int_eq(rti_get_interaction_class_handle(fl.amb, "Hello",
	    &fl.cls), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(fl.amb, fl.cls),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(sub, fl.cls), RTI_OK);
	for (i = 0; i < d.n; i++) {
		ck_assert_int_eq(rti_register_object_instance(pub, cls, &obj),
		    RTI_OK);
		if (i % 1024 == 0)
			(void)rti_evoke_callbacks(sub, 0, 0, &pending);
	}
	tfed_barrier_amb(sub);
	probe_start(&p, &rx);
	ck_assert_int_eq(pthread_create(&fl.th, NULL, flood_loop, &fl), 0);
	while (d.interactions == 0)
		ck_assert_int_eq(rti_evoke_callbacks(sub, 0.01, 0.1, NULL),
		    RTI_OK);
	usleep(200000);
	t_del = tfed_now();
	ck_assert_int_eq(rti_resign_federation_execution(pub,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	while (d.removed < d.n && tfed_now() - t_del < 60)
		ck_assert_int_eq(rti_evoke_callbacks(sub, 0.01, 0.1, NULL),
		    RTI_OK);
	t_done = tfed_now();
	atomic_store(&fl.stop, 1);
	pthread_join(fl.th, NULL);
	probe_stop(&p);
	probe_stats(&p, t_del - 0.2, t_del, &med_idle, &max_idle);
	probe_stats(&p, t_del, t_done, &med_del, &max_del);
	fprintf(stderr, "mass delete: %zu instances removed in %.3f s, %zu "
	    "interactions among them; round trip idle %.0f/%.0f us, deleting "
	    "%.0f/%.0f us (median/max)\n", d.removed, t_done - t_del,
	    d.between, med_idle * 1e6, max_idle * 1e6, med_del * 1e6,
	    max_del * 1e6);
	ck_assert_uint_eq(d.removed, d.n);
	ck_assert_uint_gt(d.between, 0);
	probe_free(&p);
	rti_ambassador_free(fl.amb);
	rti_ambassador_free(sub);
	rti_ambassador_free(pub);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST


/* ---- the resign sweep of a large federation ---- */

#define GRID TEST_FOM("Grid.xml")

static void
sw_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)v;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	tfed_event(arg, "reflect:%s", tfed_obj_name(arg, obj));
}

static void
sw_acquired(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, const void *tag,
    size_t tag_len)
{
	(void)a;
	(void)tag;
	(void)tag_len;
	tfed_event(arg, "acquired:%s:%zu", tfed_obj_name(arg, obj), n);
}

static void
sw_release(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, const void *tag,
    size_t tag_len)
{
	(void)a;
	(void)tag;
	(void)tag_len;
	tfed_event(arg, "release:%s:%zu", tfed_obj_name(arg, obj), n);
}

static void
sw_on(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n)
{
	(void)obj;
	(void)a;
	(void)n;
	tfed_event(arg, "on");
}

static void
sw_off(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n)
{
	(void)obj;
	(void)a;
	(void)n;
	tfed_event(arg, "off");
}

static struct tfed *
sw_join(struct rtiexec *rx, const char *name)
{
	struct rti_callbacks cb;
	struct tfed *t;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = sw_reflect;
	cb.attribute_ownership_acquisition_notification = sw_acquired;
	cb.request_attribute_ownership_release = sw_release;
	cb.turn_updates_on_for_object_instance = sw_on;
	cb.turn_updates_off_for_object_instance = sw_off;
	t = tfed_join_f(rx, &cb, GRID, name);
	tfed_track(t);
	return t;
}

/* `n` more unnamed Breakers registered by `t`: a federation large enough
 * for its resigns to be swept. */
static void
sw_fill(struct tfed *t, size_t n)
{
	rti_object_instance_handle h;
	size_t i;
	int pending;

	for (i = 0; i < n; i++) {
		ck_assert_int_eq(rti_register_object_instance(t->amb,
		    tfed_oc(t, "Breaker"), &h), RTI_OK);
		if (i % 1024 == 0)
			(void)rti_evoke_callbacks(t->amb, 0, 0, &pending);
	}
}

/* Index of the `k`th (from 0) event of `t` starting with `prefix`, or
 * -1. */
static long
sw_nth(struct tfed *t, const char *prefix, size_t k)
{
	size_t i, len = strlen(prefix);

	for (i = 0; i < t->n_events; i++)
		if (strncmp(t->events[i], prefix, len) == 0 && k-- == 0)
			return (long)i;
	return -1;
}

static void
sw_attr(struct tfed *t, const char *name, rti_attribute_handle *a)
{
	*a = tfed_attr(t, "Breaker", name);
}

/* A federate asking for a name until rtiexec grants it, then registering
 * a Breaker with it, in its own thread. */
struct claim {
	struct tfed *t;
	const char *name;
	pthread_t th;
	atomic_size_t refused;
	atomic_int granted;       /* and registered */
	rti_object_instance_handle obj;
};

static void *
claim_loop(void *arg)
{
	struct claim *cl = arg;
	char ok[64], fail[64];
	double t0 = tfed_now();

	snprintf(ok, sizeof ok, "reserved:%s", cl->name);
	snprintf(fail, sizeof fail, "reservefail:%s", cl->name);
	while (!cl->granted && tfed_now() - t0 < WAIT_S) {
		tfed_clear(cl->t);
		if (rti_reserve_object_instance_name(cl->t->amb, cl->name) !=
		    RTI_OK)
			break;
		while (tfed_find(cl->t, ok) < 0 &&
		    tfed_find(cl->t, fail) < 0 && tfed_now() - t0 < WAIT_S)
			if (rti_evoke_callbacks(cl->t->amb, 0.001, 0.01,
			    NULL) != RTI_OK)
				return NULL;
		if (tfed_find(cl->t, ok) < 0) {
			cl->refused++;
			continue;
		}
		if (rti_register_object_instance_with_name(cl->t->amb,
		    tfed_oc(cl->t, "Breaker"), cl->name, &cl->obj) == RTI_OK)
			cl->granted = 1;
		break;
	}
	return NULL;
}

/*
 * The names of the instances a resign deletes stay in use until their
 * removes are sent: a federate asking for such a name without pause,
 * before and during the sweep, gets it only once the old instance was
 * removed, and the subscriber discovers the instance it registers with it
 * only after the remove of the old one.
 */
START_TEST(test_sweep_name_reuse)
{
	struct rtiexec rx;
	struct tfed *p, *q, *s;
	struct claim cl;
	size_t n = 20000;
	long rm, again;

	ck_assert_int_eq(rtiexec_start(&rx, no_heartbeats), 0);
	p = sw_join(&rx, "p");
	q = sw_join(&rx, "q");
	s = sw_join(&rx, "s");
	tfed_publish_breaker(p);
	tfed_publish_breaker(q);
	tfed_subscribe(s, "Breaker", "Name,Status");
	/* the oldest: the last the sweep reaches */
	(void)tfed_register_named(p, "Breaker", "Old");
	sw_fill(p, n);
	ck_assert(tfed_wait_n(s, "discover:", n + 1));
	/* q runs in its own thread: nobody else may touch it */
	tfed_autoflush = 0;
	memset(&cl, 0, sizeof cl);
	cl.t = q;
	cl.name = "Old";
	ck_assert_int_eq(pthread_create(&cl.th, NULL, claim_loop, &cl), 0);
	while (cl.refused == 0 && !cl.granted)
		usleep(1000);
	ck_assert_int_eq(rti_resign_federation_execution(p->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	pthread_join(cl.th, NULL);
	tfed_autoflush = 1;
	ck_assert(cl.granted);
	ck_assert(tfed_wait_n(s, "discover:Old:", 2));
	ck_assert(tfed_wait_n(s, "remove:", n + 1));
	rm = sw_nth(s, "remove:Old:", 0);
	again = sw_nth(s, "discover:Old:", 1);
	fprintf(stderr, "sweep name reuse: the name was refused %zu times\n",
	    cl.refused);
	ck_assert_int_ge(rm, 0);
	ck_assert_int_gt(again, rm);
	tfed_free(s);
	tfed_free(q);
	tfed_free(p);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* A federate updating one attribute of an instance without pause, in its
 * own thread, until rtiexec refuses it as not known or the instance's
 * remove arrives. */
struct hammer {
	struct tfed *t;
	rti_object_instance_handle obj;
	rti_attribute_handle attr;
	pthread_t th;
	atomic_size_t sent;
	atomic_int refused;       /* by rtiexec */
	atomic_int gone;          /* by librti: removed */
};

static void *
hammer_loop(void *arg)
{
	struct hammer *hm = arg;
	struct rti_attribute_value v;
	double t0 = tfed_now();
	int pending;

	v.attribute = hm->attr;
	v.value = "x";
	v.length = 1;
	while (tfed_now() - t0 < WAIT_S) {
		if (rti_update_attribute_values(hm->t->amb, hm->obj, &v, 1,
		    NULL, 0) == RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN) {
			hm->gone = 1;
			break;
		}
		if (rti_flush_updates(hm->t->amb) != RTI_OK)
			break;
		hm->sent++;
		do
			if (rti_evoke_callbacks(hm->t->amb, 0, 0, &pending) !=
			    RTI_OK)
				return NULL;
		while (pending);
		if (strstr(rti_error_message(hm->t->amb), "is not known")) {
			hm->refused = 1;
			break;
		}
		usleep(100);
	}
	return NULL;
}

/*
 * While the sweep deletes a leaver's instances, updates of one of them by
 * the federate that owns one of its attributes are refused as of an
 * unknown instance and reach nobody (none arrives after the first remove
 * of the resign); the leaver's attribute another federate waits for is
 * released to it by the sweep.
 */
START_TEST(test_sweep_ownership)
{
	struct rtiexec rx;
	struct tfed *p, *b, *s;
	struct hammer hm;
	rti_object_instance_handle z, y;
	rti_attribute_handle name, status;
	size_t n = 20000;
	long first;

	ck_assert_int_eq(rtiexec_start(&rx, no_heartbeats), 0);
	p = sw_join(&rx, "p");
	b = sw_join(&rx, "b");
	s = sw_join(&rx, "s");
	sw_attr(p, "Name", &name);
	sw_attr(p, "Status", &status);
	tfed_publish_breaker(p);
	tfed_publish_breaker(b);
	tfed_subscribe(p, "Breaker", "Name");
	tfed_subscribe(b, "Breaker", "Name");
	/* b owns Status of p's z; p owns Name of b's y, which b wants back */
	z = tfed_register_named(p, "Breaker", "Z");
	ck_assert(tfed_wait(b, "discover:Z:"));
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    p->amb, z, &status, 1), RTI_OK);
	ck_assert_int_eq(rti_attribute_ownership_acquisition(b->amb, z,
	    &status, 1, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(b, "acquired:Z:1"));
	y = tfed_register_named(b, "Breaker", "Y");
	ck_assert(tfed_wait(p, "discover:Y:"));
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    b->amb, y, &name, 1), RTI_OK);
	ck_assert_int_eq(rti_attribute_ownership_acquisition(p->amb, y, &name,
	    1, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(p, "acquired:Y:1"));
	ck_assert_int_eq(rti_attribute_ownership_acquisition(b->amb, y, &name,
	    1, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(p, "release:Y:1"));
	sw_fill(p, n);
	tfed_subscribe(s, "Breaker", "Name,Status");
	ck_assert(tfed_wait_n(s, "discover:", n + 2));
	tfed_clear(b);
	/* b runs in its own thread: nobody else may touch it */
	tfed_autoflush = 0;
	memset(&hm, 0, sizeof hm);
	hm.t = b;
	hm.obj = z;
	hm.attr = status;
	ck_assert_int_eq(pthread_create(&hm.th, NULL, hammer_loop, &hm), 0);
	while (hm.sent < 10)
		usleep(1000);
	ck_assert_int_eq(rti_resign_federation_execution(p->amb,
	    RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST), RTI_OK);
	pthread_join(hm.th, NULL);
	tfed_autoflush = 1;
	ck_assert(hm.refused || hm.gone);
	ck_assert(tfed_wait_n(s, "remove:", n + 1));
	ck_assert(tfed_wait(b, "acquired:Y:1"));
	ck_assert(tfed_wait(b, "remove:Z:"));
	ck_assert_int_lt(tfed_find(s, "remove:Y:"), 0);
	first = sw_nth(s, "remove:", 0);
	ck_assert_int_ge(sw_nth(s, "reflect:Z", 0), 0);
	ck_assert_int_lt(sw_nth(s, "reflect:Z",
	    tfed_count(s, "reflect:Z") - 1), first);
	tfed_free(s);
	tfed_free(b);
	tfed_free(p);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* The sweep recomputes relevance where a leaver's subscription went: the
 * publisher is told to turn its updates off, instance by instance. */
START_TEST(test_sweep_relevance)
{
	struct rtiexec rx;
	struct tfed *p, *s;
	size_t n = 3000;

	ck_assert_int_eq(rtiexec_start(&rx, no_heartbeats), 0);
	p = sw_join(&rx, "p");
	s = sw_join(&rx, "s");
	tfed_publish_breaker(p);
	ck_assert_int_eq(rti_enable_attribute_relevance_advisory_switch(
	    p->amb), RTI_OK);
	sw_fill(p, n);
	tfed_subscribe(s, "Breaker", "Status");
	ck_assert(tfed_wait_n(p, "on", n));
	ck_assert_int_eq(rti_resign_federation_execution(s->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert(tfed_wait_n(p, "off", n));
	tfed_free(s);
	tfed_free(p);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* A leaver's unused name reservation is released by the sweep. */
START_TEST(test_sweep_reservation)
{
	struct rtiexec rx;
	struct tfed *p, *q;
	double t0;

	ck_assert_int_eq(rtiexec_start(&rx, no_heartbeats), 0);
	p = sw_join(&rx, "p");
	q = sw_join(&rx, "q");
	tfed_publish_breaker(p);
	ck_assert_int_eq(rti_reserve_object_instance_name(p->amb, "Spare"),
	    RTI_OK);
	ck_assert(tfed_wait(p, "reserved:Spare"));
	sw_fill(p, 3000);
	ck_assert_int_eq(rti_resign_federation_execution(p->amb,
	    RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES), RTI_OK);
	t0 = tfed_now();
	for (;;) {
		tfed_clear(q);
		ck_assert_int_eq(rti_reserve_object_instance_name(q->amb,
		    "Spare"), RTI_OK);
		ck_assert(tfed_wait(q, "reserve"));
		if (tfed_find(q, "reserved:Spare") >= 0)
			break;
		ck_assert(tfed_now() - t0 < WAIT_S);
		usleep(1000);
	}
	tfed_free(q);
	tfed_free(p);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* Destroying the federation, or stopping rtiexec, while a sweep still
 * has instances to delete: clean, nothing leaks (valgrind, ASan). */
START_TEST(test_sweep_destroy)
{
	struct rtiexec rx;
	struct tfed *p, *s, *c;
	const char *mods[] = { GRID };

	ck_assert_int_eq(rtiexec_start(&rx, no_heartbeats), 0);
	p = sw_join(&rx, "p");
	s = sw_join(&rx, "s");
	tfed_publish_breaker(p);
	tfed_subscribe(s, "Breaker", "Status");
	sw_fill(p, 20000);
	ck_assert_int_eq(rti_resign_federation_execution(s->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(p->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	c = tfed_new(&rx);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(rti_destroy_federation_execution(c->amb, "F"),
	    RTI_OK);
	ck_assert_int_eq(rti_create_federation_execution(c->amb, "F", mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(p->amb, "p", "t", "F",
	    NULL), RTI_OK);
	tfed_publish_breaker(p);
	sw_fill(p, 20000);
	ck_assert_int_eq(rti_resign_federation_execution(p->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	tfed_free(c);
	tfed_free(s);
	tfed_free(p);
}
END_TEST

static Suite *
mass_suite(void)
{
	Suite *s = suite_create("mass");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_mass_resign);
	tcase_add_test(tc, test_mass_delete);
	suite_add_tcase(s, tc);
	tc = tcase_create("sweep");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_sweep_name_reuse);
	tcase_add_test(tc, test_sweep_ownership);
	tcase_add_test(tc, test_sweep_relevance);
	tcase_add_test(tc, test_sweep_reservation);
	tcase_add_test(tc, test_sweep_destroy);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(mass_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
