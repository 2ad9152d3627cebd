/** The requests the Developers page shows; `base` is the API's address (…/api). */
export function curlExamples(base: string) {
  return {
    daily: `curl -fsS -H "Authorization: Bearer $FUELDESK_API_KEY" "${base}/prices/export" -o prices.csv`,
    history: `curl -fsS -H "Authorization: Bearer $FUELDESK_API_KEY" "${base}/prices/export?codes=WTI,BRENT&from=2024-01-01&to=2024-12-31" -o history.csv`,
    batch: [
      `curl -fsS -X POST -H "Authorization: Bearer $FUELDESK_API_KEY" -H "Content-Type: application/json" \\`,
      `  -d '{"queries":[{"name":"Acme Trading LLC","type":"organization"},{"name":"John Smith","type":"person"}]}' \\`,
      `  "${base}/screening/batch"`,
    ].join('\n'),
  };
}
