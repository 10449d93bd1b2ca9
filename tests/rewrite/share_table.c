#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int primes[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };

static long weigh(int k)
{
	// ruleid: alloc-copy fix: share
	int *copy = malloc(sizeof primes);
	long sum = 0;
	if (!copy)
		return -1;
	memcpy(copy, primes, sizeof primes);
	for (int i = 0; i < 8; i++)
		sum += (long)copy[i] * (k + i);
	free(copy);
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
