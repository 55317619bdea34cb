/* dm.c - DM services and callbacks of librti. */
#include "config.h"

#include "librti-int.h"

static const struct rti__cb_handler dm_callbacks[] = {
	{ 0, NULL }
};

const struct rti__module rti__dm_module = {
	.name = "DM",
	.callbacks = dm_callbacks,
};
