import {
  IconAward,
  IconCalendarEvent,
  IconCertificate,
  IconChartCandle,
  IconCreditCard,
  IconHelpCircle,
  IconHistory,
  IconLayoutDashboard,
  IconChartLine,
  IconListDetails,
  IconPlugConnected,
  IconReportMoney,
  IconShoppingCart,
  IconTrophy,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { MessageId } from '../i18n/messages';

export interface NavItem {
  id: string;
  labelId: MessageId;
  icon: Icon;
  to?: string;
  /** External link from the runtime config, opened in a new tab. */
  external?: 'faqUrl';
  /** Disabled until an account id is stored. */
  needsAccount?: boolean;
  children?: NavItem[];
}

/** SPEC §2 user sidebar. */
export const MEMBER_NAV: NavItem[] = [
  {
    id: 'accounts',
    labelId: 'MENU.ACCOUNTS',
    icon: IconChartLine,
    to: '/accounts',
    children: [
      { id: 'accounts-list', labelId: 'MENU.MY_ACCOUNTS', icon: IconListDetails, to: '/accounts' },
      {
        id: 'account-overview',
        labelId: 'MENU.ACCOUNT_OVERVIEW',
        icon: IconReportMoney,
        to: '/accounts/account-overview',
        needsAccount: true,
      },
      {
        id: 'trading-overview',
        labelId: 'MENU.TRADING_OVERVIEW',
        icon: IconChartCandle,
        to: '/accounts/trading-overview',
        needsAccount: true,
      },
    ],
  },
  { id: 'billing', labelId: 'MENU.BILLING', icon: IconCreditCard, to: '/billing' },
  { id: 'payout', labelId: 'MENU.PAYOUT', icon: IconWallet, to: '/payout' },
  { id: 'certificates', labelId: 'MENU.CERTIFICATES', icon: IconCertificate, to: '/certificates' },
  { id: 'news-calendar', labelId: 'MENU.NEWS_CALENDAR', icon: IconCalendarEvent, to: '/news-calendar' },
  { id: 'help-support', labelId: 'MENU.HELP_SUPPORT', icon: IconHelpCircle, external: 'faqUrl' },
];

/** SPEC §2 admin sidebar, then the screens added since. */
export const STAFF_NAV: NavItem[] = [
  { id: 'dashboard', labelId: 'MENU.DASHBOARD', icon: IconLayoutDashboard, to: '/dashboard' },
  { id: 'orders', labelId: 'MENU.ORDERS', icon: IconShoppingCart, to: '/orders' },
  { id: 'users', labelId: 'MENU.USERS', icon: IconUsers, to: '/users' },
  { id: 'challenges', labelId: 'MENU.CHALLENGES', icon: IconTrophy, to: '/challenges' },
  { id: 'payouts', labelId: 'MENU.PAYOUTS', icon: IconWallet, to: '/admin-payouts-requests' },
  { id: 'admin-certificates', labelId: 'MENU.CERTIFICATES', icon: IconAward, to: '/admin-certificates' },
  { id: 'integrations', labelId: 'MENU.INTEGRATIONS', icon: IconPlugConnected, to: '/integrations' },
  { id: 'audit-log', labelId: 'MENU.AUDIT_LOG', icon: IconHistory, to: '/audit-log' },
  {
    id: 'news-calendar-import',
    labelId: 'MENU.NEWS_CALENDAR_IMPORT',
    icon: IconCalendarEvent,
    to: '/news-calendar-import',
  },
];
