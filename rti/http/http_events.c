/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http_events.c - the rate samples of the operator's view (events.h,
 * rti-http(7) RATES), taken from TM's state once per
 * EVENTS_SAMPLE_PERIOD by the HTTP server's timer.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "events.h"
#include "http_int.h"
#include "server.h"
#include "tm.h"
#include "tmcore.h"

struct sample_ctx {
	struct federation *fx;
	struct ev_sample *s;
};

static void
sample_one(void *arg, uint32_t i, const struct tm_info *ti)
{
	struct sample_ctx *sc = arg;
	struct ev_sample *s = sc->s;
	double t;

	(void)i;
	s->grants += ti->grants;
	s->granting += ti->grants > 0;
	if (!ti->regulating && !ti->constrained)
		return;
	t = sc->fx->time_int64 ? (double)(int64_t)ti->now : tmc_f(ti->now);
	if (!isfinite(t))
		return;
	if (!s->have_time || t < s->time)
		s->time = t;
	s->have_time = 1;
}

void
http_events_sample(struct federation *fx, double now)
{
	struct sample_ctx sc;
	struct ev_sample s;

	memset(&s, 0, sizeof s);
	s.t = now;
	sc.fx = fx;
	sc.s = &s;
	if (tm_info_each(fx, sample_one, &sc) < 0)
		return;
	events_sample_add(fx, &s);
}

