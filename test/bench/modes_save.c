/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_save.c - rtibench save mode: how long a federation save and a
 * restore take, and how large the save file is, with 1,000 and 100,000
 * instances of 4 attributes (10,000 with --quick).
 *
 * Two federates: a registrar that owns every instance and has updated each
 * once, and a subscriber that knows every instance (so the file holds the
 * instances, their owners and who knows them).  Each answers
 * initiate_federate_save and initiate_federate_restore at once (its own
 * state is empty): the figures are rtiexec's and librti's part.
 *   save_ms     request to federation_saved at both federates
 *   restore_ms  request to federation_restored at both federates
 *   bytes_per_instance  the file's size over the instances
 * Target (a 20 ms-step simulator): 100,000 instances saved within three
 * steps (save_ms <= 60) and restored within five (restore_ms <= 100);
 * each RESULT line says whether it met it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "fed.h"

#define SAVE_FX "savebench"
#define SAVE_LABEL "bench"
#define TARGET_SAVE_MS 60.0
#define TARGET_RESTORE_MS 100.0

struct save_fed {
	rti_ambassador *amb;
	int saved, restored, failed;
	unsigned long discovered;
};

static void
on_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name,
    rti_federate_handle producer)
{
	struct save_fed *f = arg;

	(void)obj, (void)cls, (void)name, (void)producer;
	f->discovered++;
}

static void
on_initiate_save(void *arg, const char *label, int has_time, rti_time t)
{
	struct save_fed *f = arg;

	(void)label, (void)has_time, (void)t;
	if (rti_federate_save_begun(f->amb) != RTI_OK ||
	    rti_federate_save_complete(f->amb) != RTI_OK)
		f->failed = 1;
}

static void
on_saved(void *arg)
{
	((struct save_fed *)arg)->saved = 1;
}

static void
on_not_saved(void *arg, enum rti_save_failure_reason reason)
{
	struct save_fed *f = arg;

	fprintf(stderr, "rtibench: save: federation not saved (reason %d)\n",
	    (int)reason);
	f->failed = 1;
}

static void
on_restore_failed(void *arg, const char *label, const char *reason)
{
	struct save_fed *f = arg;

	(void)label;
	fprintf(stderr, "rtibench: save: restore refused: %s\n", reason);
	f->failed = 1;
}

static void
on_initiate_restore(void *arg, const char *label, const char *name,
    rti_federate_handle h)
{
	struct save_fed *f = arg;

	(void)label, (void)name, (void)h;
	if (rti_federate_restore_complete(f->amb) != RTI_OK)
		f->failed = 1;
}

static void
on_restored(void *arg)
{
	((struct save_fed *)arg)->restored = 1;
}

static void
on_not_restored(void *arg, enum rti_restore_failure_reason reason)
{
	struct save_fed *f = arg;

	fprintf(stderr, "rtibench: save: federation not restored (reason "
	    "%d)\n", (int)reason);
	f->failed = 1;
}

static const struct rti_callbacks save_cb = {
	.discover_object_instance = on_discover,
	.initiate_federate_save = on_initiate_save,
	.federation_saved = on_saved,
	.federation_not_saved = on_not_saved,
	.request_federation_restore_failed = on_restore_failed,
	.initiate_federate_restore = on_initiate_restore,
	.federation_restored = on_restored,
	.federation_not_restored = on_not_restored,
};

/* Evoke both federates until `done` says so for both, or a failure, or
 * 60 s.  0 or -1. */
static int
pump_both(struct save_fed *f, int (*done)(const struct save_fed *))
{
	double deadline = bench_now() + 60;
	int i, pending;

	while (!(done(&f[0]) && done(&f[1]))) {
		if (f[0].failed || f[1].failed || bench_now() > deadline) {
			fprintf(stderr, "rtibench: save: %s\n",
			    f[0].failed || f[1].failed ? "a federate failed" :
			    "no answer in 60 s");
			return -1;
		}
		for (i = 0; i < 2; i++) {
			int rc = rti_evoke_callbacks(f[i].amb, 0.0, 0.001,
			    &pending);

			if (rc != RTI_OK)
				bench_die(f[i].amb, "rti_evoke_callbacks", rc);
		}
	}
	return 0;
}

static int
is_saved(const struct save_fed *f)
{
	return f->saved;
}

static int
is_restored(const struct save_fed *f)
{
	return f->restored;
}

/* One figure: n instances registered, updated and discovered, then a save
 * and a restore.  0 or -1. */
static int
save_figure(struct bench_ctx *c, long n)
{
	struct bench_rtiexec r;
	struct save_fed f[2];
	rti_object_class_handle cls;
	rti_attribute_handle attrs[4];
	struct rti_attribute_value vals[4];
	unsigned char raw[4][8];
	char path[256], an[4];
	struct stat st;
	double t0, save_ms, restore_ms;
	long i;
	int k, rc = -1;

	memset(f, 0, sizeof f);
	if (bench_rtiexec_start(&r, c) < 0)
		return -1;
	f[0].amb = bench_join(&r, SAVE_FX, "registrar", &save_cb, &f[0],
	    NULL);
	f[1].amb = bench_join(&r, SAVE_FX, "subscriber", &save_cb, &f[1],
	    NULL);
	BENCH_CHECK(f[0].amb, rti_get_object_class_handle(f[0].amb,
	    "Sample", &cls));
	for (k = 0; k < 4; k++) {
		snprintf(an, sizeof an, "a%d", k);
		BENCH_CHECK(f[0].amb, rti_get_attribute_handle(f[0].amb,
		    cls, an, &attrs[k]));
		memset(raw[k], k + 1, sizeof raw[k]);
		vals[k].attribute = attrs[k];
		vals[k].value = raw[k];
		vals[k].length = sizeof raw[k];
	}
	BENCH_CHECK(f[0].amb, rti_publish_object_class_attributes(f[0].amb,
	    cls, attrs, 4));
	BENCH_CHECK(f[1].amb, rti_subscribe_object_class_attributes(
	    f[1].amb, cls, attrs, 4));
	for (i = 0; i < n; i++) {
		rti_object_instance_handle obj;

		BENCH_CHECK(f[0].amb, rti_register_object_instance(f[0].amb,
		    cls, &obj));
		BENCH_CHECK(f[0].amb, rti_update_attribute_values(f[0].amb,
		    obj, vals, 4, NULL, 0));
		if ((i & 1023) == 1023) {
			int pending;

			(void)rti_evoke_callbacks(f[1].amb, 0.0, 0.0,
			    &pending);
		}
	}
	/* every instance known to the subscriber before the save */
	while (f[1].discovered < (unsigned long)n) {
		int pending;

		int rc2 = rti_evoke_callbacks(f[1].amb, 0.0, 0.1, &pending);

		if (rc2 != RTI_OK)
			bench_die(f[1].amb, "rti_evoke_callbacks", rc2);
	}

	t0 = bench_now();
	BENCH_CHECK(f[0].amb, rti_request_federation_save(f[0].amb,
	    SAVE_LABEL));
	if (pump_both(f, is_saved) < 0)
		goto out;
	save_ms = (bench_now() - t0) * 1e3;
	snprintf(path, sizeof path, "%s/saves/%s/%s.rtisave", r.dir, SAVE_FX,
	    SAVE_LABEL);
	if (stat(path, &st) != 0) {
		perror(path);
		goto out;
	}

	t0 = bench_now();
	BENCH_CHECK(f[0].amb, rti_request_federation_restore(f[0].amb,
	    SAVE_LABEL));
	if (pump_both(f, is_restored) < 0)
		goto out;
	restore_ms = (bench_now() - t0) * 1e3;

	printf("RESULT mode=save %s instances=%ld attributes=4 "
	    "save_ms=%.1f restore_ms=%.1f file_bytes=%lld "
	    "bytes_per_instance=%.1f", bench_tags(c), n, save_ms, restore_ms,
	    (long long)st.st_size, (double)st.st_size / (double)n);
	if (n == 100000)
		printf(" target_save_ms=%.0f target_restore_ms=%.0f met=%s",
		    TARGET_SAVE_MS, TARGET_RESTORE_MS,
		    save_ms <= TARGET_SAVE_MS &&
		    restore_ms <= TARGET_RESTORE_MS ? "yes" : "no");
	printf("\n");
	fflush(stdout);
	unlink(path);
	rc = 0;
out:
	bench_resign(f[1].amb);
	bench_resign(f[0].amb);
	bench_rtiexec_stop(&r);
	return rc;
}

int
bench_mode_save(struct bench_ctx *c)
{
	if (c->url) {
		fprintf(stderr, "rtibench: save reads its own rtiexec's save "
		    "directory; --url is not supported\n");
		return -1;
	}
	if (save_figure(c, 1000) < 0)
		return -1;
	return save_figure(c, c->quick ? 10000 : 100000);
}
