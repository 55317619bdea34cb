/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_restore_sections.c - libFuzzer target for the readers of the OM,
 * DDM, OWM and MOM sections of a save file (rti-save(5)): each module's
 * restore_stage (rti/om/om_save.c, rti/ddm/ddm_save.c, rti/owm/owm.c,
    rti/mom/mom.c),
 * over a federation of data/fom/Grid.xml in a real (idle) rtiexec server
 * context, made fresh for every input.
 *
 * Byte 0 picks the module (bits 0-1: OM, DDM, OWM, MOM) and the saved
 * federates (bits 2-4: n, handles 1..n); the rest is the section.  With
 * bit 7 set the rest is a whole save file (rti-save(5)), its CRC made
 * right first (so that the mutations reach the sections): when it
 * decodes, every module's section is staged as a restore does, in layer
 * order with the file's federates, and when all stage, OM's, DDM's,
 * OWM's and MOM's are applied and saved again, and that stages again.
 * Invariants: a stage answers RTI_OK with a staged state, or an error
 * with a message and nothing staged; a state staged is applied (with
 * MOM's, saved beforehand, as a restore applies every module, so that
 * MOM's instances are rebound), saved again, and that save stages again
 * and saves to as many bytes (the same state, in its own order).
 * ASan/valgrind see the rest: no read past the section, no leak.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"
#include "fedm.h"
#include "fuzz.h"
#include "savefile.h"

static const int mods[4] = { MOD_OM, MOD_DDM, MOD_OWM, MOD_MOM };

/* Stage `b` into *staged for module `m`; the RTI_* code. */
static int
stage(struct federation *fx, int m, const struct restore_saved *sv,
    const uint8_t *p, size_t n, void **staged)
{
	const struct module_ops *ops = server_modules[m];
	struct wire_rd rd;
	char msg[256];
	int rc;

	msg[0] = '\0';
	*staged = (void *)1;
	wire_rd_init(&rd, p, n);
	rc = ops->restore_stage(fx, sv, &rd, staged, msg, sizeof msg);
	FUZZ_CHECK((rc == RTI_OK) == (*staged != NULL));
	FUZZ_CHECK(rc == RTI_OK || msg[0] != '\0');
	return rc;
}

/* Apply `st` to module `m` with MOM's `mom` after it (or instead of it
 * when `m` is MOM's). */
static void
apply(struct federation *fx, int m, void *st, void *mom)
{
	server_modules[m]->restore_apply(fx, st);
	if (m != MOD_MOM)
		server_modules[MOD_MOM]->restore_apply(fx, mom);
	else
		server_modules[MOD_MOM]->restore_discard(mom);
}

static void *
mom_now(struct federation *fx, const struct restore_saved *sv)
{
	struct wire_buf b;
	void *st;

	wire_buf_init(&b);
	FUZZ_CHECK(server_modules[MOD_MOM]->save_state(fx, &b) == 0);
	FUZZ_CHECK(stage(fx, MOD_MOM, sv, b.data, b.len, &st) == RTI_OK);
	wire_buf_free(&b);
	return st;
}

static void
run(struct federation *fx, int m, const struct restore_saved *sv,
    const uint8_t *p, size_t n)
{
	const struct module_ops *ops = server_modules[m];
	struct wire_buf b1, b2;
	void *st, *mom;

	mom = mom_now(fx, sv);
	if (stage(fx, m, sv, p, n, &st) != RTI_OK) {
		server_modules[MOD_MOM]->restore_discard(mom);
		return;
	}
	apply(fx, m, st, mom);
	wire_buf_init(&b1);
	wire_buf_init(&b2);
	FUZZ_CHECK(ops->save_state(fx, &b1) == 0);
	mom = mom_now(fx, sv);
	FUZZ_CHECK(stage(fx, m, sv, b1.data, b1.len, &st) == RTI_OK);
	apply(fx, m, st, mom);
	FUZZ_CHECK(ops->save_state(fx, &b2) == 0);
	FUZZ_CHECK(b1.len == b2.len);
	wire_buf_free(&b1);
	wire_buf_free(&b2);
}

static int
mine(int m)
{
	return m == MOD_OM || m == MOD_DDM || m == MOD_OWM || m == MOD_MOM;
}

/* The whole file `p[0..n)` (its CRC patched in place). */
static void
run_file(struct federation *fx, uint8_t *p, size_t n)
{
	void *staged[MOD_COUNT];
	struct restore_saved sv;
	struct savefile sf;
	struct wire_buf b;
	char msg[256];
	uint32_t k;
	int i, m, ok = 1;

	if (n < 4)
		return;
	wire_put32(p + n - 4, savefile_crc32(0, p, n - 4));
	if (savefile_decode(p, n, FEDM_SAVE_N_IDS, &sf, msg, sizeof msg) < 0)
		return;
	sv.n = sf.n_feds;
	sv.handles = sf.fed_handles;
	sv.names = sf.fed_names;
	sv.types = sf.fed_types;
	memset(staged, 0, sizeof staged);
	for (i = 0; i < MOD_COUNT && ok; i++) {
		const struct module_ops *ops;
		struct wire_rd rd;

		m = i;
		ops = server_modules[m];
		if (!ops->restore_stage)
			continue;
		wire_rd_init(&rd, "", 0);
		for (k = 0; k < sf.n_sections; k++)
			if (sf.sec_id[k] == fedm_save_id[m])
				wire_rd_init(&rd, sf.sec_data[k],
				    sf.sec_len[k]);
		ok = ops->restore_stage(fx, &sv, &rd, &staged[m], msg,
		    sizeof msg) == RTI_OK;
	}
	for (i = 0; i < MOD_COUNT; i++) {
		m = i;
		if (!staged[m])
			continue;
		if (ok && mine(m))
			server_modules[m]->restore_apply(fx, staged[m]);
		else
			server_modules[m]->restore_discard(staged[m]);
	}
	if (ok) {
		wire_buf_init(&b);
		for (i = 0; i < MOD_COUNT; i++) {
			void *st;

			m = i;
			if (!mine(m))
				continue;
			wire_buf_reset(&b);
			FUZZ_CHECK(server_modules[m]->save_state(fx, &b) == 0);
			FUZZ_CHECK(stage(fx, m, &sv, b.data, b.len, &st) ==
			    RTI_OK);
			server_modules[m]->restore_discard(st);
		}
		wire_buf_free(&b);
	}
	savefile_free(&sf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[8] = { "a", "b", "c", "d", "e", "f",
	    "g", "h" };
	const char *fom = TOP_SRCDIR "/data/fom/Grid.xml";
	uint32_t handles[8], i;
	struct restore_saved sv;
	struct rti_config cfg;
	struct rti_server srv;

	if (size < 1)
		return 0;
	memset(&cfg, 0, sizeof cfg);
	cfg.bind_addr = "127.0.0.1";
	cfg.log_level = -1;
	cfg.no_io_uring = 1;
	sv.n = (data[0] >> 2) & 7;
	for (i = 0; i < 8; i++)
		handles[i] = i + 1;
	sv.handles = handles;
	sv.names = names;
	sv.types = names;
	if (server_init(&srv, &cfg) == 0 &&
	    fedm_create_from_files(&srv, "fz", &fom, 1, NULL) == 0) {
		if (data[0] & 0x80) {
			uint8_t *copy = malloc(size - 1 ? size - 1 : 1);

			FUZZ_CHECK(copy != NULL);
			memcpy(copy, data + 1, size - 1);
			run_file(srv.pub.federations, copy, size - 1);
			free(copy);
		} else {
			run(srv.pub.federations, mods[data[0] & 3], &sv,
			    data + 1, size - 1);
		}
	}
	server_fini(&srv);
	return 0;
}
