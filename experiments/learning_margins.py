        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
6        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
3        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
4        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
#        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
J        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
N        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
3        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
4        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
'        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
<        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
<        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
<        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
j        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
U        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
A        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
`        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
j        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
U        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
L        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
5        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
8        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
L        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
I        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
Y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
N        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
A        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
M        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
z        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
z        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
O        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
L        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
I        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
Y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
N        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
A        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
M        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
Q        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
q        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
z        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
9        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
8        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
3        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
F        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
z        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
q        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
q        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
q        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
q        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
5        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
L        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
I        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
z        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
5        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
5        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
5        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
I        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
A        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
H        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
I        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
#        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
!        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
V        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
|        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
N        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
N        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
>        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
A        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
I        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
+        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
3        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
4        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
K        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
Y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
V        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
A        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
L        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
U        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
'        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
2        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
5        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
N        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
U        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
L        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
/        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
'        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
'        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
+        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
'        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
'        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
j        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
A        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
H        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
R        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
C        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
I        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
5        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
5        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
+        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
N        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
D        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
P        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
*        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
*        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
-        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
g        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
w        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
j        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
1        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
+        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
\        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
v        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
k        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
b        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
p        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
{        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
[        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
'        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
c        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
o        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
d        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
'        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
]        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
.        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
}        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
,        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
l        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
h        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
T        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
u        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
0        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
f        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
=        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
_        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
"        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
:        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
r        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
         summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
S        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
y        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
s        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
e        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
E        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
x        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
t        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
m        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
a        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
i        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
n        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
(        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
)        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}

        summary = {k: (sum(v) if isinstance(v, list) and v and isinstance(v[0], bool) else v)
                   for k, v in result.items() if k not in ("curve",)}
