/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sha256.h - SHA-256 (FIPS 180-4) of a byte string: the save files' names
 * of long labels (fedm_store.c), where a federate could otherwise choose
 * a label whose name collides with another's.  Pure.
 */
#ifndef RTI_SHA256_H
#define RTI_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* The digest of p[0..n) into out[32]. */
void sha256(const void *p, size_t n, uint8_t out[32]);

#endif
