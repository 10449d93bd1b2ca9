#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
static const int primes[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };

static long weigh(int k)
{
	// ruleid: alloc-copy fix: share
	int *copy = asrt_cow_share_at(primes, sizeof primes, "share_table.c:10");
	long sum = 0;
	if (!copy)
		return -1;

	for (int i = 0; i < 8; i++)
		sum += (long)copy[i] * (k + i);
	asrt_cow_release_at(copy, "share_table.c:10");
	return sum;
}

int main(void)
{
	long total = 0;
	for (int k = 0; k < 1000; k++)
		total += weigh(k);
	printf("%ld\n", total);
	return 0;
}
