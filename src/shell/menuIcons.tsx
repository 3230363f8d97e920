import type { FluentIcon } from '@fluentui/react-icons';
import {
  AlertRegular,
  AppsRegular,
  ArrowSyncRegular,
  ArrowUploadRegular,
  BoxRegular,
  BuildingFactoryRegular,
  BuildingRegular,
  BuildingRetailRegular,
  BuildingShopRegular,
  CalculatorRegular,
  CalendarStarRegular,
  CartRegular,
  ChartMultipleRegular,
  CodeRegular,
  DataBarVerticalRegular,
  DocumentCopyRegular,
  DocumentRegular,
  DocumentTextRegular,
  FoodRegular,
  GlobeRegular,
  GridRegular,
  HandshakeRegular,
  HomeRegular,
  LinkRegular,
  MegaphoneRegular,
  MoneyRegular,
  PeopleRegular,
  PeopleTeamRegular,
  PersonAccountsRegular,
  PersonRegular,
  PersonSettingsRegular,
  ReceiptRegular,
  SettingsRegular,
  ShieldKeyholeRegular,
  VehicleTruckProfileRegular,
  VideoRegular,
  WindowRegular,
  WrenchRegular,
} from '@fluentui/react-icons';

// Menu entries name their icon in extraInfo.meta.icon with a Fluent icon base name ("People", "Settings").
// Only these are bundled; unknown names fall back to a generic icon so the menu never shows a hole.
const ICONS: Record<string, FluentIcon> = {
  Alert: AlertRegular,
  Apps: AppsRegular,
  ArrowSync: ArrowSyncRegular,
  ArrowUpload: ArrowUploadRegular,
  Box: BoxRegular,
  Building: BuildingRegular,
  BuildingFactory: BuildingFactoryRegular,
  BuildingShop: BuildingShopRegular,
  Calculator: CalculatorRegular,
  CalendarStar: CalendarStarRegular,
  Cart: CartRegular,
  Chart: ChartMultipleRegular,
  ChartMultiple: ChartMultipleRegular,
  Code: CodeRegular,
  DataBarVertical: DataBarVerticalRegular,
  Document: DocumentRegular,
  DocumentCopy: DocumentCopyRegular,
  DocumentText: DocumentTextRegular,
  Food: FoodRegular,
  Globe: GlobeRegular,
  Grid: GridRegular,
  Handshake: HandshakeRegular,
  Home: HomeRegular,
  Link: LinkRegular,
  Megaphone: MegaphoneRegular,
  Money: MoneyRegular,
  People: PeopleRegular,
  PeopleTeam: PeopleTeamRegular,
  Person: PersonRegular,
  PersonAccounts: PersonAccountsRegular,
  PersonSettings: PersonSettingsRegular,
  Receipt: ReceiptRegular,
  Settings: SettingsRegular,
  ShieldKeyhole: ShieldKeyholeRegular,
  Storefront: BuildingRetailRegular,
  Truck: VehicleTruckProfileRegular,
  Video: VideoRegular,
  Window: WindowRegular,
  Wrench: WrenchRegular,
};

const byLowerName = new Map(Object.entries(ICONS).map(([k, v]) => [k.toLowerCase(), v]));

/** "People", "people", "PeopleRegular", "el-icon-people" all find PeopleRegular. */
export function menuIcon(name: string | undefined, fallback: FluentIcon = DocumentRegular): FluentIcon {
  if (!name) return fallback;
  const bare = name.replace(/^(el-icon-|icon-)/i, '').replace(/(Regular|Filled)$/, '').replace(/[-_\s]/g, '');
  return ICONS[bare] ?? byLowerName.get(bare.toLowerCase()) ?? fallback;
}

export { WindowRegular as FrameIcon, GridRegular as GroupIcon };
