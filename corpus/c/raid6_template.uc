/* ringloc-expect: lines=8 code=5 comments=2 blanks=1
 * Trap: a .uc file (Unreal Script's extension) that is a C template, as the kernel's lib/raid6. */
#include <linux/raid/pq.h>

static void raid6_neon$#_gen_syndrome_real(int disks, unsigned long bytes)
{
	int d, z, z0; /* $# is unrolled by unroll.awk */
}
