/* plugin.c — a shared object loaded by test_dlopen after the helpers first
 * scanned the loaded objects: its constant table must still be borrowed. */
static const int plugin_table[64] = { 42, 1, 2, 3 };

const int *plugin_table_get(void);
const int *plugin_table_get(void)
{
	return plugin_table;
}
