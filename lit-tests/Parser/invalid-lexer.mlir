// Every error of the lexer is a located diagnostic.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// A stray character.
// expected-error@+1 {{unexpected character}}
"test.op"() : () -> () $

// -----

// An unterminated string ends at the end of the line.
// expected-error@+1 {{expected '"' in string literal}}
"test.op"() {a = "abc} : () -> ()

// -----

// An unknown escape.
// expected-error@+1 {{unknown escape in string literal}}
"test.op"() {a = "a\qb"} : () -> ()

// -----

// expected-error@+1 {{invalid SSA name}}
"test.op"(% ) : () -> ()

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"test.op"() {a = @1} : () -> ()

// -----

// expected-error@+1 {{invalid attribute name}}
"test.op"() {a = # } : () -> ()

// -----

// expected-error@+1 {{invalid type identifier}}
"test.op"() : () -> ! 

// -----

"test.op"() ({
// expected-error@+1 {{invalid block name}}
^ :
}) : () -> ()
