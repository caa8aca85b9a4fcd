import {
  Archive,
  BarChart3,
  BellRing,
  Building2,
  Contact,
  CreditCard,
  DoorOpen,
  FileSignature,
  Home,
  Inbox,
  LifeBuoy,
  MapPin,
  PiggyBank,
  Receipt,
  Star,
  UserPlus,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { SidebarKey } from '../../domain/nav';

/** The icon of each sidebar entry. */
export const SIDEBAR_ICONS: Record<SidebarKey, LucideIcon> = {
  home: Home,
  locations: MapPin,
  accounts: Building2,
  bills: Receipt,
  alerts: BellRing,
  contracts: FileSignature,
  budgets: PiggyBank,
  ap: Inbox,
  billpay: CreditCard,
  reports: BarChart3,
  opencloseaccounts: DoorOpen,
  companyEnergyStar: Star,
  tickets: LifeBuoy,
  contacts: Contact,
  users: Users,
  inviteuser: UserPlus,
  archivedata: Archive,
};
