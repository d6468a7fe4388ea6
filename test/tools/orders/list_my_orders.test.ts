import { describe, expect, it } from 'vitest';
import listMyOrders from '../../../tools/orders/list_my_orders.js';
import { servedMakerWithOrders } from '../../helpers/orders.js';
import { userWithKey } from '../../helpers/users.js';

const served = servedMakerWithOrders(listMyOrders);

describe('list_my_orders', () => {
  it('lists own orders newest first, paginated', async () => {
    const res = await fetch(`${served.server.url}/api/v1/orders?per_page=2`, { headers: served.maker.auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(body.items.map((o: any) => o.number)).toEqual([served.numbers[2], served.numbers[1]]);
    const other = await userWithKey(served.ctx, ['account:read']);
    expect((await (await fetch(`${served.server.url}/api/v1/orders`, { headers: other.auth })).json()).items).toEqual(
      [],
    );
    expect((await fetch(`${served.server.url}/api/v1/orders?page=0`, { headers: served.maker.auth })).status).toBe(400);
  });
});
