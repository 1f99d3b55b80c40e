/** The equity chart's line colours, shared by the chart and its legend. */
export const LINE_COLORS = {
  light: { equity: '#1c7ed6', balance: '#495057', minEquity: '#74c0fc', daily: '#e8590c', max: '#c92a2a' },
  dark: { equity: '#4dabf7', balance: '#ced4da', minEquity: '#1864ab', daily: '#ffa94d', max: '#ff8787' },
} as const;
