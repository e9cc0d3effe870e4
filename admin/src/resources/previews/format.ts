/** Dollars to the millionth, as the API answers them (a cost is never rounded to 0 here). */
export const dollars = (usd: number) => usd.toFixed(6).replace(/0{1,3}$/, '');
