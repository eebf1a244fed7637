#include <ordercheck/linux.h>
int a, b;
void w(void)
{
	WRITE_ONCE(a, 1);
	smp_wmb();
	WRITE_ONCE(b, 1);
}
int r(void)
{
	int x = READ_ONCE(b);
	return x + READ_ONCE(a);
}
