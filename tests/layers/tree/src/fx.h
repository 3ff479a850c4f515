/* The fixture's functions, one header for all. */
int low_fn(void);
int low_ok(void);
int high_fn(void);
int a_fn(int n);
int b_fn(int n);
int new_fn(void);
