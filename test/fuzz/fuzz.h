/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz.h - shared by the libFuzzer targets in test/fuzz/ and the replay
 * driver (replay.c) that runs them without libFuzzer under `make check`.
 */
#ifndef RTI_FUZZ_H
#define RTI_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The libFuzzer entry point: each target defines it; returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant of the code under test: abort with a message when false
 * (never compiled out, unlike assert). */
#define FUZZ_CHECK(cond)                                                 \
	do {                                                             \
		if (!(cond)) {                                           \
			fprintf(stderr, "%s:%d: invariant failed: %s\n", \
			    __FILE__, __LINE__, #cond);                  \
			abort();                                         \
		}                                                        \
	} while (0)

#endif
