/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The shapes the dashboard page works with, all derived from the data reports/dashboard-data.ts embeds, so the page
// and the code that builds its data cannot drift apart.
export type { DashboardColumn, DashboardData, DashboardGroup } from '../../../dashboard-data.js';
