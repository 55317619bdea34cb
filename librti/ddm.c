/* ddm.c - DDM services and callbacks of librti. */
#include "config.h"

#include "librti-int.h"

static const struct rti__cb_handler ddm_callbacks[] = {
	{ 0, NULL }
};

const struct rti__module rti__ddm_module = {
	.name = "DDM",
	.callbacks = ddm_callbacks,
};
