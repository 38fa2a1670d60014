"""Checks a proof of liabilities by hand, apart from the platform's code (docs/PROOF.md).

Usage: python3 check-proof.py proof.json [your-user-id]
Only the standard library: read it, then run it on the file the proof page let you download.
"""
import hashlib, json, sys
from decimal import Decimal

def h(text): return hashlib.sha256(text.encode()).hexdigest()
def units(amount):
    d = Decimal(amount)
    assert d == d.quantize(Decimal('1e-18')), 'more than 18 decimals'
    u = int(d * 10**18)
    assert 0 <= u < 10**38, 'negative or too large'
    return u
def enc(assets, sums): return ','.join(f'{a}:{s}' for a, s in zip(assets, sums))

proof = json.load(open(sys.argv[1]))
if len(sys.argv) > 2:
    assert h(f"otc-por-v1|user|{sys.argv[2]}|{proof['nonce']}") == proof['userHash'], 'this proof is not for that user id'
assets = [t['asset'] for t in proof['snapshot']['totals']]
mine = {b['asset']: units(b['amount']) for b in proof['balances']}
sums = [mine.get(a, 0) for a in assets]
node = h(f"otc-por-v2|leaf|{proof['userHash']}|{proof['nonce']}|{enc(assets, sums)}")
assert node == proof['leaf'], 'your balances do not give your leaf'
for step in proof['path']:
    sib = [units(s) for s in step['sums']]
    assert len(sib) == len(assets)
    if step['side'] == 'right':
        node = h(f"otc-por-v2|node|{node}|{enc(assets, sums)}|{step['hash']}|{enc(assets, sib)}")
    else:
        node = h(f"otc-por-v2|node|{step['hash']}|{enc(assets, sib)}|{node}|{enc(assets, sums)}")
    sums = [x + y for x, y in zip(sums, sib)]
assert node == proof['snapshot']['root'], 'the path does not lead to the root'
assert sums == [units(t['total']) for t in proof['snapshot']['totals']], 'the totals are not what the tree adds up to'
print('included: root', node)
for t in proof['snapshot']['totals']:
    print('  total', t['asset'], t['total'])
