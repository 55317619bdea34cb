/* ddm.h - the DDM module of rtiexec (see server.h for the module interface). */
#ifndef RTI_DDM_H
#define RTI_DDM_H

#include "server.h"

#endif
