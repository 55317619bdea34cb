/* SPDX-License-Identifier: Apache-2.0 */
/*
 * budget.h - the memory budget (--max-memory): what clients can make
 * rtiexec hold, in all, whoever they are.  Counted: the federations'
 * FOMs (BUDGET_FOM_FACTOR times their module texts: the texts kept for
 * joiners and the parsed model), the input held for frames still
 * arriving, the output queued to federates, and the saves (the held
 * messages collected, a save being written, a save file being
 * restored).  What would pass the budget is refused with a clear error
 * (RTI_ERR_LIMIT_EXCEEDED, or the service's own code) before it is
 * taken.  rti-http(7)'s /metrics shows the figures.  Part of the core: the
 * modules report what they hold through budget_add and ask budget_room.
 */
#ifndef RTI_BUDGET_H
#define RTI_BUDGET_H

#include <stdint.h>

#include "server.h"

/* A parsed FOM costs about this many times its text. */
#define BUDGET_FOM_FACTOR 4u

/* The figures now, in bytes; `refused`: what budget_room refused, in
 * all (rti_memory_refused_total). */
struct budget_figures {
	uint64_t fom, input, output, save;
	uint64_t total, max;
	uint64_t refused;
};
void budget_figures(const struct rti_server *srv, struct budget_figures *f);
/* Bytes of saves held (BUDGET_SAVE): +delta or -delta. */
enum { BUDGET_SAVE = 0, BUDGET_KINDS };
void budget_add(struct rti_server *srv, int kind, int64_t delta);
/* 1 when `more` bytes fit in the budget now; 0 (counted as a refusal in
 * rti_memory_refused_total) when they do not. */
int budget_room(struct rti_server *srv, uint64_t more);

#endif
