import { Flex } from 'antd';
import NotificationItems from '../features/notifications/components/header-items';
import { HeaderSearch } from '../features/search/components/header-search';

/** The dashboard's header controls: the search box, then live-update state and notifications. */
export default function DashboardHeaderItems() {
  return (
    <Flex align="center" gap="middle">
      <HeaderSearch />
      <NotificationItems />
    </Flex>
  );
}
